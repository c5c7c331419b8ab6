import type {
  AggregateOffer,
  BlogPosting,
  BreadcrumbList,
  ItemAvailability,
  Offer,
  Organization,
  Product,
  WithContext,
} from 'schema-dts';
import type { MetaDescriptor } from 'react-router';
import { stockStateOf, type ProductView, type StockState } from '../catalogue/product-view';

/**
 * schema.org JSON-LD for search results (docs/seo.md): Product with its offers, BreadcrumbList,
 * Organization and BlogPosting. Emitted through React Router's `script:ld+json` meta
 * descriptor, which escapes `<`, `>` and `&` in the JSON, so no text can close the script.
 */

/** A JSON-LD document as a meta descriptor. */
export function jsonLd(document: WithContext<Product | BreadcrumbList | Organization | BlogPosting>): MetaDescriptor {
  return { 'script:ld+json': document };
}

const AVAILABILITY: Record<StockState, ItemAvailability> = {
  'in-stock': 'https://schema.org/InStock',
  low: 'https://schema.org/LimitedAvailability',
  'out-of-stock': 'https://schema.org/OutOfStock',
};
/** The best of several stock states: a product is in stock when any variant is. */
const STOCK_ORDER: readonly StockState[] = ['in-stock', 'low', 'out-of-stock'];

function bestStock(states: readonly StockState[]): StockState {
  return STOCK_ORDER.find((state) => states.includes(state)) ?? 'out-of-stock';
}

function roundTo(amount: number, decimals: number): number {
  return Number(amount.toFixed(decimals));
}

export interface ProductJsonLdInput {
  product: ProductView;
  /** The page's canonical URL. */
  url: string;
  /** Absolute image URLs, main image first. */
  images: string[];
  brand: string;
  /**
   * The region's currency (ISO 4217) when the shopper's region buys online; null elsewhere,
   * where the page shows a content price and nothing can be bought, so there is no offer.
   */
  currencyCode: string | null;
  decimalPlaces?: number;
}

/**
 * A Product with what the shopper pays (the engine's calculated price) per variant: one Offer
 * when every variant costs the same, an AggregateOffer (low, high and each variant) otherwise.
 * Availability: InStock, LimitedAvailability ("Only N left") or OutOfStock, from stock.
 */
export function productJsonLd(input: ProductJsonLdInput): WithContext<Product> {
  const { product, url, images, brand, currencyCode, decimalPlaces = 2 } = input;
  const [first] = product.variants;
  const document: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    ...(product.description || product.tagline ? { description: product.description || product.tagline } : {}),
    ...(images.length > 0 ? { image: images } : {}),
    // The variant the page opens with: the first colour's first size.
    ...(first ? { sku: first.sku } : {}),
    productID: product.uid,
    url,
    brand: { '@type': 'Brand', name: brand },
  };
  if (!currencyCode || !first) return document;

  const offers = product.variants.map((variant): Offer => ({
    '@type': 'Offer',
    sku: variant.sku,
    price: roundTo(variant.calculatedPrice, decimalPlaces),
    priceCurrency: currencyCode,
    availability: AVAILABILITY[stockStateOf(variant)],
    url,
  }));
  const prices = product.variants.map((variant) => roundTo(variant.calculatedPrice, decimalPlaces));
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const availability = AVAILABILITY[bestStock(product.variants.map(stockStateOf))];
  if (low === high) {
    document.offers = { '@type': 'Offer', price: low, priceCurrency: currencyCode, availability, url };
  } else {
    const aggregate: AggregateOffer = {
      '@type': 'AggregateOffer',
      lowPrice: low,
      highPrice: high,
      priceCurrency: currencyCode,
      offerCount: offers.length,
      availability,
      offers,
    };
    document.offers = aggregate;
  }
  return document;
}

/** The trail to a page, positions from 1 (schema.org ListItem). */
export function breadcrumbJsonLd(trail: ReadonlyArray<{ name: string; url: string }>): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/** The shop itself, on the home page: its name, address, logo and social profiles (brand settings). */
export function organizationJsonLd(input: {
  name: string;
  url: string;
  logo: string;
  sameAs: readonly string[];
}): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: input.name,
    url: input.url,
    logo: input.logo,
    ...(input.sameAs.length > 0 ? { sameAs: [...input.sameAs] } : {}),
  };
}

/** A blog post. Google shows at most 110 characters of a headline. */
export function blogPostingJsonLd(input: {
  headline: string;
  url: string;
  image?: string;
  datePublished: string;
  author: string;
  description?: string;
  publisher: { name: string; logo: string };
}): WithContext<BlogPosting> {
  const headline = input.headline.length > 110 ? `${input.headline.slice(0, 109)}…` : input.headline;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline,
    ...(input.description ? { description: input.description } : {}),
    ...(input.image ? { image: [input.image] } : {}),
    datePublished: input.datePublished,
    author: input.author.trim()
      ? { '@type': 'Person', name: input.author.trim() }
      : { '@type': 'Organization', name: input.publisher.name },
    publisher: {
      '@type': 'Organization',
      name: input.publisher.name,
      logo: { '@type': 'ImageObject', url: input.publisher.logo },
    },
    mainEntityOfPage: input.url,
    url: input.url,
  };
}
