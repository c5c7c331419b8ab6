import type { HeaderContent, SiteContent } from './content-client-contract';
import { first, type NamedQueryKit } from './named-queries.server';
import { inRegion, resolvedReferences } from './region-filter';

/** Spec §7 'header (by language, including main_nav, top_alert, main_nav.link.banner)'. */
const HEADER_INCLUDE = ['top_alert', 'main_nav', 'main_nav.link.banner'];

function emptyHeader(): HeaderContent {
  return { alerts: [], mainNav: [], secondaryNav: [] };
}

export function createSiteContent(kit: NamedQueryKit): SiteContent {
  const { entries, logger, defaultLocale, degrade, settingsForRegion } = kit;
  return {
    /** No region match means no main or secondary navigation item for the region. */
    header(locale, ctsRegion) {
      return degrade('header', emptyHeader(), async () => {
        const header = first(await entries('header', { locale, include: HEADER_INCLUDE, limit: 1 }));
        if (header === null) {
          logger.warn('[content:header] Header - No Results', { locale });
          return emptyHeader();
        }
        const content: HeaderContent = {
          alerts: inRegion(resolvedReferences(header.top_alert), ctsRegion),
          mainNav: inRegion(resolvedReferences(header.main_nav), ctsRegion),
          secondaryNav: inRegion(header.secondary_nav ?? [], ctsRegion),
        };
        if (content.mainNav.length === 0 && content.secondaryNav.length === 0) {
          logger.warn('[content:header] Header - No Region Match', { locale, ctsRegion });
        }
        return content;
      });
    },

    regions() {
      return degrade('regions', [], () => entries('regions'));
    },

    brandSettings(locale, ctsRegion) {
      return settingsForRegion('brand_settings', locale, ctsRegion);
    },

    emailSignupSettings(locale, ctsRegion) {
      return settingsForRegion('email_signup_settings', locale, ctsRegion);
    },

    async displayTexts(locale) {
      const [texts, duplicates] = await Promise.all([
        degrade('display_text', [], () => entries('display_text', { locale })),
        degrade('duplicate_display_text', [], () =>
          entries('duplicate_display_text', { locale, include: ['display_text_input'] }),
        ),
      ]);
      return { texts, duplicates };
    },

    searchMenus(locale) {
      return degrade('search', null, async () =>
        first(await entries('search', { locale, include: ['main_menu', 'sidebar_menu'], limit: 1 })),
      );
    },

    errorPage(locale, ctsRegion) {
      return settingsForRegion('error_page', locale, ctsRegion, [
        'automated_related_products.category',
        'products',
        'banner',
      ]);
    },

    /** A failure leaves pages unredirected rather than failing them. */
    redirects() {
      return degrade('redirect', [], () =>
        entries('redirect', { locale: defaultLocale, only: ['title', 'from', 'to', 'permanent'] }),
      );
    },
  };
}
