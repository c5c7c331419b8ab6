import {
  MAX_PAGE_SIZE,
  productListQuerySchema,
  resolveCommerceRegion,
  type CatalogueService,
  type CommerceRegion,
} from '@piste/commerce';
import {
  DEFAULT_LOCALE,
  DomainError,
  REGION_IDS,
  SHOPPING_REGIONS,
  isSupportedLocale,
  isShownInRegion,
  matchesAttributes,
  resolveLocaleState,
  type LocaleState,
  type Region,
} from '@piste/core';
import type { ContentClient, ContentProductIndex } from '@piste/content/server';
import type { IResolvers } from 'mercurius';
import type { ContentProduct } from './content-products';
import { loadErrorPageContent } from './error-page-content';
import { loadProductCards } from './product-cards';

/** Spec §9: the related list shows 8; three times that lets the client pick at random. */
export const AUTOMATED_PICKS_PER_CATEGORY = 8 * 3;
/** Pages of a category scanned for picks, so a huge category cannot make one query slow. */
const MAX_CATEGORY_PAGES_SCANNED = 4;
/** Spec §9: 4 products in the uid-based (error page) variant of the related list. */
const ERROR_PAGE_PRODUCT_COUNT = 4;

export interface GraphqlDependencies {
  catalogue: CatalogueService;
  /** Content products per content locale, joined with commerce products into cards. */
  contentProducts: ContentProductIndex;
  content: ContentClient;
}

interface ProductAttributeInput {
  attribute: string;
  values: string[];
}

function invalidArgument(message: string, code = 'INVALID_ARGUMENT'): DomainError {
  return new DomainError('INVALID_DATA', message, code);
}

function localeArgument(locale: string): LocaleState {
  if (!isSupportedLocale(locale)) {
    throw invalidArgument(
      `Unknown locale "${locale.slice(0, 40)}"; expected a locale such as en-us or de-de.`,
      'INVALID_LOCALE',
    );
  }
  return resolveLocaleState({ locale });
}

/** Exact names only: a GraphQL caller names the region, it does not send a lenient header. */
function commerceRegionArgument(bcRegion: string): CommerceRegion {
  if (!(SHOPPING_REGIONS as readonly string[]).includes(bcRegion)) {
    throw invalidArgument(
      `Unknown bcRegion "${bcRegion.slice(0, 40)}"; expected one of ${SHOPPING_REGIONS.join(', ')}.`,
      'INVALID_REGION',
    );
  }
  return resolveCommerceRegion(bcRegion);
}

function contentRegionArgument(ctsRegion: string): Region {
  const region = REGION_IDS.find((candidate) => candidate === ctsRegion);
  if (!region) {
    throw invalidArgument(
      `Unknown ctsRegion "${ctsRegion.slice(0, 40)}"; expected one of ${REGION_IDS.join(', ')}.`,
      'INVALID_REGION',
    );
  }
  return region;
}

const isPresent = <Value>(value: Value | null): value is Value => value !== null;
export function createResolvers({ catalogue, contentProducts, content }: GraphqlDependencies): IResolvers {
  return {
    Query: {
      // An explicit null locale means the default, as leaving it out does.
      colorGroups: async (_root: unknown, args: { locale: string | null }) => {
        const groups = await content.colorGroups(localeArgument(args.locale ?? DEFAULT_LOCALE).contentLocale);
        return groups.map(({ color_name, option_swatch_hex, child_colors }) => ({
          color_name,
          option_swatch_hex,
          child_colors,
        }));
      },

      relatedProducts: async (
        _root: unknown,
        args: {
          uids?: (string | null)[] | null;
          ids?: (number | null)[] | null;
          locale: string;
          bcRegion: string;
          includeVariantRetailPrice: boolean | null;
        },
      ) => {
        const { ctsRegion, contentLocale } = localeArgument(args.locale);
        const region = commerceRegionArgument(args.bcRegion);
        if (!args.uids && !args.ids) throw invalidArgument('Give uids or ids: the products to show.');
        const uids = (args.uids ?? []).filter(isPresent);
        const ids = (args.ids ?? []).filter(isPresent);
        if (uids.length + ids.length > MAX_PAGE_SIZE) {
          throw invalidArgument(`Ask for at most ${MAX_PAGE_SIZE} products at once.`);
        }
        const lookup = await contentProducts.forLocale(contentLocale);
        const requested = [
          ...uids.map((uid) => lookup.byUid(uid)),
          ...ids.map((id) => lookup.byCommerceId(region.priceListRegion, id)),
        ];
        const wanted = new Map<string, ContentProduct>();
        for (const product of requested) {
          if (product && isShownInRegion(product, { ctsRegion, bcRegion: region.priceListRegion })) {
            wanted.set(product.uid, product);
          }
        }
        return loadProductCards(catalogue, { region }, [...wanted.values()], args.includeVariantRetailPrice === true);
      },

      automatedRelatedProductIds: async (
        _root: unknown,
        args: {
          categoryId: number;
          bcRegion: string;
          ctsRegion: string;
          locale: string;
          productAttributes?: (ProductAttributeInput | null)[] | null;
        },
      ) => {
        const { contentLocale } = localeArgument(args.locale);
        const region = commerceRegionArgument(args.bcRegion);
        const ctsRegion = contentRegionArgument(args.ctsRegion);
        const lookup = await contentProducts.forLocale(contentLocale);
        if (args.categoryId < 1) throw invalidArgument('categoryId must be a positive whole number.');
        const attributes = (args.productAttributes ?? []).filter(isPresent);

        const picks: number[] = [];
        for (let page = 1; page <= MAX_CATEGORY_PAGES_SCANNED; page++) {
          const { data, meta } = await catalogue.listProducts(
            { region },
            productListQuerySchema.parse({
              'categories:in': String(args.categoryId),
              include: 'custom_fields',
              page,
              limit: MAX_PAGE_SIZE,
              sort: 'id',
              direction: 'asc',
            }),
          );
          for (const product of data) {
            const productContent = lookup.byCommerceId(region.priceListRegion, product.id);
            if (
              productContent &&
              isShownInRegion(productContent, { ctsRegion, bcRegion: region.priceListRegion }) &&
              matchesAttributes(product.custom_fields ?? [], attributes)
            ) {
              picks.push(product.id);
            }
          }
          if (picks.length >= AUTOMATED_PICKS_PER_CATEGORY || page >= meta.pagination.total_pages) break;
        }
        return picks.slice(0, AUTOMATED_PICKS_PER_CATEGORY);
      },

      errorPage: async (_root: unknown, args: { locale: string; bcRegion: string }) => {
        const locale = localeArgument(args.locale);
        const region = commerceRegionArgument(args.bcRegion);
        const page = await loadErrorPageContent(
          content,
          locale.contentLocale,
          locale.ctsRegion,
          region.priceListRegion,
        );
        if (!page) return null;
        const candidates = page.products.filter((product) =>
          isShownInRegion(product, { ctsRegion: locale.ctsRegion, bcRegion: region.priceListRegion }),
        );
        const cards = await loadProductCards(catalogue, { region }, candidates, false);
        return {
          ...page,
          products: cards.filter((card) => card.bcProduct.isInStock).slice(0, ERROR_PAGE_PRODUCT_COUNT),
        };
      },
    },
  };
}
