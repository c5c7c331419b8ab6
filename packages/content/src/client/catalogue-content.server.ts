import type { ProductEntry } from '../entry-types';
import { PRODUCT_CARD_FIELDS, type AttributeFilter, type CatalogueContent } from './content-client-contract';
import { first, type NamedQueryKit } from './named-queries.server';

function matchesAttributes(product: Pick<ProductEntry, 'product_attributes'>, filters: readonly AttributeFilter[]) {
  return filters.every(({ attribute, values }) =>
    (product.product_attributes ?? []).some(
      (own) => own.attribute === attribute && own.values.some((value) => values.includes(value)),
    ),
  );
}

export function createCatalogueContent(kit: NamedQueryKit): CatalogueContent {
  const { entries, degrade, settingsForRegion, byUrl } = kit;
  return {
    productCategory(locale, url) {
      return byUrl('product_category', locale, url);
    },

    productCategories(locale) {
      return degrade('product_category', [], () => entries('product_category', { locale }));
    },

    categoryGroups(locale) {
      return degrade('category_groups', [], () =>
        entries('category_groups', { locale, include: ['categories.category', 'parent_category'] }),
      );
    },

    colorGroups(locale) {
      return degrade('color_group', [], () => entries('color_group', { locale }));
    },

    product(locale, by) {
      return degrade('product', null, async () =>
        first(
          await entries('product', { locale, query: by, include: ['product_category', 'related_products'], limit: 1 }),
        ),
      );
    },

    productsByUids(locale, uids) {
      if (uids.length === 0) return Promise.resolve([]);
      return degrade('products', [], () =>
        entries('product', { locale, query: { uid: { $in: uids } }, only: PRODUCT_CARD_FIELDS }),
      );
    },

    hiddenProductAttributes(locale, ctsRegion) {
      return settingsForRegion('hidden_product_attributes', locale, ctsRegion);
    },

    productAttributeSorting(locale) {
      return degrade('manage_product_attributes', null, async () =>
        first(await entries('manage_product_attributes', { locale, limit: 1 })),
      );
    },

    productAttributeValues(locale) {
      return degrade('product_attribute_values', [], () => entries('product_attribute_values', { locale }));
    },

    automatedRelatedProductsConfig(locale, ctsRegion) {
      return settingsForRegion('automated_related_products', locale, ctsRegion, ['categories.category']);
    },

    categoryProductAddOn(locale, ctsRegion, categoryUid) {
      return degrade('category_product_add_on', null, async () => {
        const configs = await entries('category_product_add_on', {
          locale,
          query: { regions: ctsRegion },
          include: ['product_add_on_config.products'],
        });
        // The category reference is matched here, resolved or not: both carry the uid.
        return configs.find((config) => config.product_category.some((ref) => ref.uid === categoryUid)) ?? null;
      });
    },

    /**
     * Category and exclusion are filtered by the API; attributes here, because a product's
     * attribute and its values sit in one list item and the query language cannot pair them.
     */
    productsQuery(locale, filters = {}) {
      const query: Record<string, unknown> = {};
      if (filters.categoryUids?.length) query['product_category.uid'] = { $in: filters.categoryUids };
      if (filters.excludeUid !== undefined) query.uid = { $ne: filters.excludeUid };
      return degrade('products', [], async () => {
        const products = await entries('product', {
          locale,
          query,
          only: [...PRODUCT_CARD_FIELDS, 'product_category', 'product_attributes'],
        });
        const attributes = filters.attributes ?? [];
        return attributes.length === 0
          ? products
          : products.filter((product) => matchesAttributes(product, attributes));
      });
    },
  };
}
