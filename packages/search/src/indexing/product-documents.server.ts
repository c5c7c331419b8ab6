import type { ProductCategoryEntry, ProductEntry } from '@piste/content';
import { CachePolicy, type ContentClient } from '@piste/content/server';
import { TAG_KINDS, type TagKind } from '@piste/core';
import { PRICE_LIST_REGIONS, type PriceListRegion, type SearchDocument } from '../search-document';
import type { ProductFacts } from '@piste/commerce';
import {
  MAX_DESCRIPTION_LENGTH,
  documentId,
  entryPath,
  hasText,
  laterInstant,
  type DocumentSource,
} from './document-fields';
import { plainText } from './plain-text';
import { noEntriesWithoutType } from './missing-content-type.server';

/**
 * What a product document needs of a content product, its text already plain. Kept for every
 * locale between content changes, so it holds no more than that.
 */
export interface ProductCopy {
  uid: string;
  title: string;
  displayTitle: string;
  tagline: string;
  description: string;
  /** The entry's `url` (`/{uid}`); blank when the entry has none. */
  url: string;
  regions: string[];
  isNew: boolean;
  isRedesigned: boolean;
  image: string;
  /** The commerce product id per price list (DESIGN §5 `bc_products`). */
  commerceIds: Partial<Record<PriceListRegion, number>>;
  categoryUids: string[];
  updatedAt: string;
}

/** The content products of one content locale (en-us fallbacks included), and its category titles by uid. */
export interface LocaleProducts {
  locale: string;
  products: readonly ProductCopy[];
  categoriesByUid: ReadonlyMap<string, Pick<ProductCategoryEntry, 'title' | 'cat_ids_bc'>>;
}

/**
 * The content half of every product in every locale (DESIGN §5). The sync keeps it between
 * content changes, so a stock or price change rebuilds its products from the database alone.
 */
export type ContentProducts = readonly LocaleProducts[];

/**
 * Reads fresh (uncached) entries: the index must see a publish as soon as it is announced. An
 * entry a locale falls back to is the en-us entry: its copy is shared, not held once per locale.
 */
export async function readContentProducts(client: ContentClient, locales: readonly string[]): Promise<ContentProducts> {
  const read = { cachePolicy: CachePolicy.IGNORE_CACHE };
  const copies = new Map<string, ProductCopy>();
  const copyOf = (entry: ProductEntry) => {
    const key = `${entry.locale}\n${entry.uid}\n${entry._version}`;
    let copy = copies.get(key);
    if (!copy) copies.set(key, (copy = productCopy(entry)));
    return copy;
  };
  const result: LocaleProducts[] = [];
  // Locale after locale: a hosted content service rate-limits bursts.
  for (const locale of locales) {
    const [products, categories] = await Promise.all([
      client.entries('product', { ...read, locale }).catch(noEntriesWithoutType),
      client.entries('product_category', { ...read, locale }).catch(noEntriesWithoutType),
    ]);
    result.push({
      locale,
      products: products.map(copyOf),
      categoriesByUid: new Map(categories.map(({ uid, title, cat_ids_bc }) => [uid, { title, cat_ids_bc }])),
    });
  }
  return result;
}

function productCopy(entry: ProductEntry): ProductCopy {
  const title = plainText(entry.title);
  return {
    uid: entry.uid,
    title,
    displayTitle: plainText(entry.display_title) || title,
    tagline: plainText(entry.tagline),
    description: plainText(entry.description, MAX_DESCRIPTION_LENGTH),
    url: hasText(entry.url) ? entry.url : '',
    regions: entry.regions ?? [],
    isNew: entry.is_new?.value === true,
    isRedesigned: entry.is_redesigned?.value === true,
    image: entry.image?.amplience_id ?? '',
    commerceIds: entry.bc_products ?? {},
    categoryUids: (entry.product_category ?? []).map((reference) => reference.uid),
    updatedAt: entry.updated_at,
  };
}

/** The commerce ids content products name, in any region: of all of them, or of the products `uids` names. */
export function commerceIdsOf(content: ContentProducts, uids?: ReadonlySet<string>): Set<number> {
  const ids = new Set<number>();
  for (const { products } of content) {
    for (const product of products) {
      if (uids && !uids.has(product.uid)) continue;
      for (const id of Object.values(product.commerceIds)) ids.add(id);
    }
  }
  return ids;
}

/** The uids of the content products that name any of these commerce products, in any locale and region. */
export function productUidsNaming(content: ContentProducts, commerceIds: Iterable<number>): Set<string> {
  const wanted = new Set(commerceIds);
  const uids = new Set<string>();
  for (const { products } of content) {
    for (const product of products) {
      if (Object.values(product.commerceIds).some((id) => wanted.has(id))) uids.add(product.uid);
    }
  }
  return uids;
}

/** Every document id a product may have, whether or not it has one now. */
export function productDocumentIds(content: ContentProducts, uids: ReadonlySet<string>): string[] {
  return content.flatMap(({ locale }) => [...uids].map((uid) => documentId('product', uid, locale)));
}

/**
 * One document per content product and locale, for the products that can be shown: with a
 * title and url, and a visible commerce product in at least one price list (spec §5 "shown
 * only if it has title, url and bcProduct"). `facts` holds the visible commerce products;
 * `uids` limits the build to some products.
 */
export function buildProductDocuments(
  content: ContentProducts,
  facts: ReadonlyMap<number, ProductFacts>,
  source: DocumentSource,
  uids?: ReadonlySet<string>,
): SearchDocument[] {
  return content.flatMap(({ locale, products, categoriesByUid }) =>
    products.flatMap((product) => {
      if (uids && !uids.has(product.uid)) return [];
      const document = productDocument(product, { locale, categoriesByUid, facts, source });
      return document ? [document] : [];
    }),
  );
}

interface ProductDocumentContext {
  locale: string;
  categoriesByUid: LocaleProducts['categoriesByUid'];
  facts: ReadonlyMap<number, ProductFacts>;
  source: DocumentSource;
}

function productDocument(product: ProductCopy, context: ProductDocumentContext): SearchDocument | null {
  if (product.title === '' || product.url === '') return null;
  // The same content product may name a different commerce product in each price list.
  const byRegion = PRICE_LIST_REGIONS.flatMap((region) => {
    const id = product.commerceIds[region];
    const facts = id === undefined ? undefined : context.facts.get(id);
    return facts ? [{ region, facts }] : [];
  });
  const [primary] = byRegion;
  if (!primary) return null;
  const prices: Partial<Record<`price_${PriceListRegion}`, number>> = {};
  for (const { region, facts } of byRegion) {
    const price = facts.prices[region];
    if (price) prices[`price_${region}`] = price.minor;
  }
  const department = departmentOf(primary.facts);
  return {
    id: documentId('product', product.uid, context.locale),
    type: 'product',
    uid: product.uid,
    stack: context.source.stack,
    environment: context.source.environment,
    locale: context.locale,
    regions: product.regions,
    title: product.title,
    display_title: product.displayTitle,
    tagline: product.tagline,
    description: product.description,
    category: categoryTitle(product, context.categoriesByUid, department),
    category_path: deepestCategory(primary.facts)?.path ?? '',
    colours: primary.facts.colours,
    sizes: primary.facts.sizes,
    ...prices,
    // Stock, the sale tag, options and categories are the primary price list's (us, else the
    // first the product is sold in): one document serves every region.
    in_stock: primary.facts.inStock ? 'true' : 'false',
    tags: productTags(product, primary.facts.prices[primary.region]?.onSale === true),
    url: entryPath('product', product.url),
    image: product.image || primary.facts.image || '',
    updated_at: laterInstant(product.updatedAt, primary.facts.updatedAt),
  };
}

/**
 * Every tag kind that applies (spec §4 'Tags'), not just the one a card shows: which one to
 * show depends on the viewer (pros never see 'sale'), so `productTag` decides when rendering.
 */
function productTags(product: ProductCopy, onSale: boolean): TagKind[] {
  const applies: Record<TagKind, boolean> = { sale: onSale, new: product.isNew, redesigned: product.isRedesigned };
  return TAG_KINDS.filter((kind) => applies[kind]);
}

/** The product's most specific category: the one with the longest path. */
function deepestCategory(facts: ProductFacts): ProductFacts['categories'][number] | undefined {
  const depth = (path: string) => path.split('/').length;
  return [...facts.categories].sort((left, right) => depth(right.path) - depth(left.path))[0];
}

/** The top-level category (bindings, helmets…) the deepest one sits in. */
function departmentOf(facts: ProductFacts): ProductFacts['categories'][number] | undefined {
  const deepest = deepestCategory(facts);
  const topPath = deepest?.path.split('/')[0];
  return facts.categories.find((category) => category.path === topPath) ?? deepest;
}

/**
 * The department's title in the locale: the product's content category naming that commerce
 * category, else its first content category, else the commerce name. Departments make a
 * facet without look-alikes (helmets and bindings both have a 'Freeride' subcategory).
 */
function categoryTitle(
  product: ProductCopy,
  categoriesByUid: LocaleProducts['categoriesByUid'],
  department: ProductFacts['categories'][number] | undefined,
): string {
  const referenced = product.categoryUids.flatMap((uid) => categoriesByUid.get(uid) ?? []);
  const naming =
    department && referenced.find((category) => Object.values(category.cat_ids_bc ?? {}).includes(department.id));
  return plainText((naming || referenced[0])?.title ?? department?.name ?? '');
}
