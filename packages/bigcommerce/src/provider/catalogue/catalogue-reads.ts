import { paginate, pickFields, productInventory, type CatalogueReads, type CategoryTreeNodeDto } from '@piste/commerce';
import type { WireCategory } from './catalog-wire';
import { notFound, type CatalogueContext } from './catalogue-context';
import { categoryPath, toCategoryDto, toOptionDto, toProductDto, toVariantDtos } from './product-view';

const MAX_ID = 2_147_483_647;

const onePage = <T>(data: T[]) => ({
  data,
  meta: { pagination: paginate(data.length, data.length, 1, Math.max(1, data.length)) },
});

function categoryTree(categories: readonly WireCategory[]): CategoryTreeNodeDto[] {
  const visible = categories
    .filter((category) => category.is_visible)
    .sort((a, b) => a.sort_order - b.sort_order || a.category_id - b.category_id);
  const build = (parentId: number, depth: number, path: number[]): CategoryTreeNodeDto[] =>
    visible
      .filter((category) => category.parent_id === parentId)
      .map((category) => ({
        id: category.category_id,
        parent_id: category.parent_id,
        depth,
        path: [...path, category.category_id],
        name: category.name,
        is_visible: category.is_visible,
        url: `/${categoryPath(category)}/`,
        children: build(category.category_id, depth + 1, [...path, category.category_id]),
      }));
  return build(0, 1, []);
}

/** The catalogue's one-at-a-time reads over BigCommerce (docs/providers/bigcommerce.md 'Catalogue'). */
export function createCatalogueReads(context: CatalogueContext): CatalogueReads {
  const { calls, viewFor, visibleProduct } = context;

  async function inventory(ids: number[]) {
    const products = ids.length ? await calls.products({ ids, visibleOnly: false }) : [];
    return {
      data: [...products]
        .sort((a, b) => a.id - b.id)
        .map((product) =>
          productInventory(
            product,
            [...(product.variants ?? [])].sort((a, b) => a.id - b.id),
          ),
        ),
    };
  }

  return {
    async getProduct(shopper, id, query) {
      const product = await visibleProduct(id);
      const include = query.include ?? [];
      const dto = toProductDto(product, await viewFor(shopper, [product]), include);
      return { data: pickFields(dto, query.include_fields, include), meta: {} };
    },

    async listProductOptions(id) {
      await visibleProduct(id);
      const options = await calls.options(id);
      return onePage(
        [...options].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id).map((option) => toOptionDto(option)),
      );
    },

    async listProductVariants(shopper, id) {
      const product = { ...(await visibleProduct(id)), variants: await calls.productVariants(id) };
      return onePage(toVariantDtos(product, await viewFor(shopper, [product])));
    },

    async getProductVariant(shopper, id, variantId) {
      const found = await visibleProduct(id);
      const variant = await calls.productVariant(id, variantId);
      if (!variant) throw notFound(`Variant of product ${id}:`, variantId);
      const product = { ...found, variants: [variant] };
      return { data: toVariantDtos(product, await viewFor(shopper, [product]))[0]!, meta: {} };
    },

    async getCategory(id) {
      const category = (await calls.categories()).find((candidate) => candidate.category_id === id);
      if (!category) throw notFound('Category', id);
      return { data: toCategoryDto(category), meta: {} };
    },

    async categoryTree() {
      return { data: categoryTree(await calls.categories()), meta: {} };
    },

    async outOfStock(ids) {
      const stock = await inventory(ids);
      return { data: stock.data.filter((product) => !product.is_in_stock).map((product) => product.product_id) };
    },

    inventory,

    async visibleProductUpdates(ids) {
      const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID);
      if (unique.length === 0) return [];
      const products = await calls.products({ ids: unique, visibleOnly: true });
      return products.map((product) => ({ id: product.id, updatedAt: new Date(product.date_modified).toISOString() }));
    },
  };
}
