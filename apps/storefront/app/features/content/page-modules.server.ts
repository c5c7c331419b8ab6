import { productCardHref, type BannerEntry, type PageModule } from '@piste/content';
import { resolvedReferences, sanitizeRichText } from '@piste/content/server';
import { formatCurrency, localizePath, type LocaleState } from '@piste/core';
import { currencyFormatFor } from '../catalogue/currency.server';
import { loadProductCardsByUids, type ProductCardReads } from '../catalogue/product-card.server';
import type { ProductCardView } from '../catalogue/product-card-view';
import { priceView } from '../catalogue/price-view';
import type { CurrencyFormatView } from '../../lib/money';
import { contentLanguage } from './banner-view';
import { bannerMediaRequest, toBannerModuleView, type PageModuleView } from './page-module-view';
import { loadRuleCopy, type RuleCopyReads } from './rule-copy.server';
import type { LoadContextOf } from '@piste/server/load-context';
import type { CurrencyReads } from '../catalogue/region-currencies.server';

/** What page modules read: referenced entries, media metadata, product cards, currency, rule copy. */
export type PageModuleReads = ProductCardReads &
  CurrencyReads &
  RuleCopyReads &
  LoadContextOf<'content' | 'mediaMetadata', 'shopper'>;

export interface PageModulesData {
  modules: PageModuleView[];
  currency: CurrencyFormatView | null;
}

function hotspotUids(banner: BannerEntry, kind: 'product' | 'page'): string[] {
  const content = banner.background.content;
  if (!content?.enableHotspots) return [];
  return content.hotspots.flatMap((hotspot) => hotspot[kind]?.uid ?? []);
}

/**
 * A home or landing page's modular blocks (spec §1: "composed of banners, hotspot images,
 * product sliders"), with everything they name read at once: the slider and hotspot products
 * as cards, the hotspots' pages, and the media metadata banners need (image sets, crops).
 */
export async function loadPageModules(
  context: PageModuleReads,
  localeState: LocaleState,
  modules: readonly PageModule[],
  /** The locale of the entry holding the modules (its fallback's when it has none of its own). */
  modulesLocale?: string,
): Promise<PageModulesData> {
  const { content, mediaMetadata } = context.services;
  const { shopper } = context;
  const banners = modules.flatMap((module) => ('banner' in module ? resolvedReferences(module.banner.banner) : []));
  const sliderUids = modules.flatMap((module) =>
    'product_slider' in module ? module.product_slider.products.map((product) => product.uid) : [],
  );
  const [cards, pages, currency, fillRules, mediaLookup] = await Promise.all([
    loadProductCardsByUids(context, localeState, shopper, [
      ...sliderUids,
      ...banners.flatMap((banner) => hotspotUids(banner, 'product')),
    ]),
    content.client.pagesByUids(
      localeState.contentLocale,
      banners.flatMap((banner) => hotspotUids(banner, 'page')),
    ),
    currencyFormatFor(context, shopper, localeState.locale),
    // Copy that states a rule (a free-shipping threshold) reads the rule itself (rule-copy.ts).
    loadRuleCopy(context, localeState, JSON.stringify(modules)),
    mediaMetadata.lookup(bannerMediaRequest(banners)),
  ]);
  const sanitize = (html: string) => fillRules(sanitizeRichText(html));
  const cardsByUid = new Map(cards.map((card) => [card.uid, card]));
  const pagesByUid = new Map(pages.map((page) => [page.uid, page]));
  const priceOf = (card: ProductCardView) =>
    card.displayPrice ?? formatCurrency(card.calculatedPrice ?? card.salePrice ?? card.price, currency);
  /** A group member's price is labelled as theirs, as on product cards. */
  const priceLabelOf = (card: ProductCardView) => {
    const view = priceView(card, card.shopperGroup ?? null);
    return card.displayPrice === null && view.kind === 'group' ? view.label : null;
  };
  const sources = {
    imageSetMembers: (id: string) => mediaLookup.imageSetMembers(id),
    imageMetadata: (id: string) => mediaLookup.image(id),
    sanitize,
    resolveHotspot: {
      product: (uid: string) => {
        const card = cardsByUid.get(uid);
        return card
          ? {
              title: card.title,
              href: productCardHref(localeState.locale, `/${card.uid}`, card.colours[0]?.label),
              imageId: card.colours[0]?.image ?? null,
              priceText: priceOf(card),
              priceLabel: priceLabelOf(card),
            }
          : null;
      },
      page: (uid: string) => {
        const page = pagesByUid.get(uid);
        return page ? { title: page.title, href: localizePath(localeState.locale, page.url) } : null;
      },
    },
  };

  const views = modules.flatMap((module): PageModuleView[] => {
    if ('banner' in module) {
      return resolvedReferences(module.banner.banner).map((banner) =>
        toBannerModuleView(banner, localeState.locale, sources),
      );
    }
    if ('product_slider' in module) {
      const products = module.product_slider.products.flatMap((product) => cardsByUid.get(product.uid) ?? []);
      return products.length > 0 ? [{ type: 'product-slider', heading: module.product_slider.heading, products }] : [];
    }
    return [
      {
        type: 'rich-text',
        html: sanitize(module.rich_text.content),
        lang: contentLanguage(modulesLocale, localeState.locale),
      },
    ];
  });
  return { modules: views, currency };
}
