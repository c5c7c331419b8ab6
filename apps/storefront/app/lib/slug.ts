/** A readable title from a url uid (`freeride-pro-binding` → `Freeride Pro Binding`). */
export function titleFromSlug(slug: string | undefined): string {
  const words = (slug ?? '').split(/[-_/]+/).filter(Boolean);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
