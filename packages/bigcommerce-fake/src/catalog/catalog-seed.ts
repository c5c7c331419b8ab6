import { loadSeedCatalogue, seedIds, type SeedCatalogue } from '@piste/commerce/server';
import type { SeedCategory } from '@piste/commerce/seed-source';
import { FAKE_PRICE_LISTS, FAKE_STORE_HASH } from '../demo-store';
import type { CatalogRecords, CategoryRecord, ImageRecord, PriceRecord } from './catalog-records';

/**
 * The demo catalogue as BigCommerce would hold it, with the ids the embedded seed gives the same
 * records (packages/commerce/src/seed/catalogue-seed.ts): content entries name commerce ids.
 *
 * What BigCommerce has no field for is carried the way docs/providers/bigcommerce.md 'Catalogue'
 * describes: our media id is the image file's name, and the new / redesigned flags are custom
 * fields whose names start with `_piste_`.
 */

const FIRST_CATEGORY_ID = 20;
/** The only category tree: the demo store has one channel. */
export const FAKE_CATEGORY_TREE_ID = 1;
const SEEDED_AT = '2026-01-05T09:00:00.000Z';
const CURRENCY_BY_PRICE_LIST: Record<number, 'USD' | 'CAD' | 'EUR'> = {
  [FAKE_PRICE_LISTS.us]: 'USD',
  [FAKE_PRICE_LISTS.ca]: 'CAD',
  [FAKE_PRICE_LISTS.eu_region_1]: 'EUR',
};
export const NEW_FLAG_FIELD = '_piste_is_new';
export const REDESIGNED_FLAG_FIELD = '_piste_is_redesigned';

const decimal = (minor: number) => minor / 100;

/** `S/M` → `SM`: the size part of a variant SKU, as the embedded seed writes it. */
function sizeCode(label: string): string {
  return label.toUpperCase().replace(/[^A-Z0-9]+/g, '');
}

/** Where BigCommerce's CDN serves a product image (the file keeps the name it was uploaded with). */
export function fakeImageUrl(productId: number, imageId: number, mediaId: string, size: string): string {
  return `https://cdn11.bigcommerce.com/s-${FAKE_STORE_HASH}/images/stencil/${size}/products/${productId}/${imageId}/${mediaId}__${imageId}.jpg`;
}

function categoryRecords(tree: SeedCategory[]): { records: CategoryRecord[]; idByPath: Map<string, number> } {
  const records: CategoryRecord[] = [];
  const idByPath = new Map<string, number>();
  const walk = (nodes: SeedCategory[], parent: { id: number; path: string } | null) =>
    nodes.forEach((node, index) => {
      const id = FIRST_CATEGORY_ID + records.length;
      const path = parent ? `${parent.path}/${node.uid}` : node.uid;
      records.push({
        category_id: id,
        parent_id: parent?.id ?? 0,
        tree_id: FAKE_CATEGORY_TREE_ID,
        name: node.name,
        description: node.description,
        sort_order: index,
        is_visible: true,
        url: { path: `/${path}/`, is_customized: false },
      });
      idByPath.set(path, id);
      walk(node.children, { id, path });
    });
  walk(tree, null);
  return { records, idByPath };
}

export function seedCatalogRecords(catalogue: SeedCatalogue = loadSeedCatalogue()): CatalogRecords {
  const { records: categories, idByPath } = categoryRecords(catalogue.categories);
  const brandIds = new Map<string, number>();
  for (const product of catalogue.products)
    if (!brandIds.has(product.brand)) brandIds.set(product.brand, brandIds.size + 1);
  const records: CatalogRecords = {
    products: [],
    variants: [],
    options: [],
    images: [],
    customFields: new Map(),
    categories,
    priceLists: new Map(Object.values(FAKE_PRICE_LISTS).map((id) => [id, new Map<number, PriceRecord>()])),
  };

  catalogue.products.forEach((product, index) => {
    if (product.discontinued) return;
    const productId = seedIds.product(index);
    const usd = product.prices.USD;
    const leaf = idByPath.get(product.category)!;
    const top = idByPath.get(product.category.split('/')[0]!)!;
    records.products.push({
      id: productId,
      name: product.title,
      type: 'physical',
      sku: product.sku,
      description: product.description,
      weight: product.weight_grams,
      price: decimal(usd.price),
      sale_price: usd.sale_price ? decimal(usd.sale_price) : 0,
      retail_price: usd.retail_price ? decimal(usd.retail_price) : 0,
      calculated_price: decimal(usd.sale_price ?? usd.price),
      categories: [...new Set([top, leaf])],
      brand_id: brandIds.get(product.brand)!,
      inventory_level: product.inventory_tracking === 'product' ? product.stock : 0,
      inventory_tracking: product.inventory_tracking,
      is_visible: true,
      sort_order: index,
      availability: 'available',
      custom_url: { url: `/${product.uid}/`, is_customized: false },
      base_variant_id: seedIds.variant(productId, 0),
      date_created: SEEDED_AT,
      date_modified: SEEDED_AT,
    });

    const colourOption = seedIds.option(productId, 0);
    const sizeOption = seedIds.option(productId, 1);
    const colourValues = product.colours.map((colour, position) => ({
      id: seedIds.optionValue(productId, position),
      label: colour.name,
      sort_order: position,
      value_data: { colors: colour.hex },
      is_default: position === 0,
    }));
    const sizeValues = product.sizes.map((size, position) => ({
      id: seedIds.optionValue(productId, product.colours.length + position),
      label: size,
      sort_order: position,
      value_data: null,
      is_default: position === 0,
    }));
    records.options.push(
      {
        id: colourOption,
        product_id: productId,
        display_name: 'Colour',
        type: 'swatch',
        sort_order: 0,
        option_values: colourValues,
      },
      {
        id: sizeOption,
        product_id: productId,
        display_name: 'Size',
        type: 'rectangles',
        sort_order: 1,
        option_values: sizeValues,
      },
    );

    const images: ImageRecord[] = product.colours
      .flatMap((colour) => colour.images.map((mediaId) => ({ colour, mediaId })))
      .map(({ colour, mediaId }, imageIndex) => {
        const id = seedIds.image(productId, imageIndex);
        return {
          id,
          product_id: productId,
          is_thumbnail: imageIndex === 0,
          sort_order: imageIndex,
          description: colour.name,
          image_file: `p/${productId}/${mediaId}__${id}.jpg`,
          url_zoom: fakeImageUrl(productId, id, mediaId, '1280x1280'),
          url_standard: fakeImageUrl(productId, id, mediaId, '500x659'),
          url_thumbnail: fakeImageUrl(productId, id, mediaId, '100x100'),
          url_tiny: fakeImageUrl(productId, id, mediaId, '50x50'),
          date_modified: SEEDED_AT,
        };
      });
    records.images.push(...images);
    const firstImageOf = (mediaId: string) => images.find((image) => image.image_file.includes(`/${mediaId}__`))!;

    product.colours.forEach((colour, colourIndex) => {
      product.sizes.forEach((size, sizeIndex) => {
        const variantId = seedIds.variant(productId, colourIndex * product.sizes.length + sizeIndex);
        const sku = `${product.sku}-${String(colourIndex + 1).padStart(2, '0')}-${sizeCode(size)}`;
        const image = firstImageOf(colour.images[0]!);
        records.variants.push({
          id: variantId,
          product_id: productId,
          sku,
          price: decimal(usd.price),
          sale_price: usd.sale_price ? decimal(usd.sale_price) : null,
          retail_price: usd.retail_price ? decimal(usd.retail_price) : null,
          calculated_price: decimal(usd.sale_price ?? usd.price),
          inventory_level:
            product.inventory_tracking === 'variant'
              ? (product.stock_overrides[`${colour.name}/${size}`] ?? product.stock)
              : 0,
          purchasing_disabled: false,
          image_url: image.url_standard,
          option_values: [
            {
              id: colourValues[colourIndex]!.id,
              label: colour.name,
              option_id: colourOption,
              option_display_name: 'Colour',
            },
            { id: sizeValues[sizeIndex]!.id, label: size, option_id: sizeOption, option_display_name: 'Size' },
          ],
        });
        for (const [priceListId, prices] of records.priceLists) {
          const currency = CURRENCY_BY_PRICE_LIST[priceListId]!;
          const price = product.prices[currency];
          prices.set(variantId, {
            price_list_id: priceListId,
            variant_id: variantId,
            product_id: productId,
            sku,
            currency: currency.toLowerCase(),
            price: decimal(price.price),
            sale_price: price.sale_price ? decimal(price.sale_price) : null,
            retail_price: price.retail_price ? decimal(price.retail_price) : null,
            map_price: null,
            calculated_price: decimal(price.sale_price ?? price.price),
            date_created: SEEDED_AT,
            date_modified: SEEDED_AT,
          });
        }
      });
    });

    const fields = product.specs.map((spec, position) => ({ id: seedIds.customField(productId, position), ...spec }));
    if (product.is_new) fields.push({ id: seedIds.customField(productId, 90), name: NEW_FLAG_FIELD, value: 'true' });
    if (product.is_redesigned)
      fields.push({ id: seedIds.customField(productId, 91), name: REDESIGNED_FLAG_FIELD, value: 'true' });
    records.customFields.set(productId, fields);
  });
  return records;
}
