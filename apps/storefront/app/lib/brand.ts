/** The brand title that follows every page title (content's brand_settings.title once it lands). */
export const BRAND_TITLE = 'Piste';

export function pageTitle(title: string): string {
  return `${title} | ${BRAND_TITLE}`;
}
