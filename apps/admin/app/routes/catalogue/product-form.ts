import { z } from 'zod';
import type { ProductDetail, ProductPatch } from '@piste/admin';

const amount = (label: string) =>
  z
    .number(`Give the ${label} as an amount.`)
    .int(`Give the ${label} as an amount.`)
    .nonnegative(`The ${label} cannot be negative.`);

/** The editor's form: the product's editable fields, and a prices grid per variant × price list. */
export const productFormSchema = z.object({
  version: z.number(),
  name: z.string().trim().min(1, 'Give the name.').max(250, 'At most 250 characters.'),
  description: z.string().max(20_000, 'At most 20,000 characters.'),
  brandId: z.string(),
  isVisible: z.boolean(),
  isNew: z.boolean(),
  isRedesigned: z.boolean(),
  sortOrder: z.number('Give a whole number.').int('Give a whole number.'),
  weightGrams: z.number('Give whole grams.').int('Give whole grams.').nonnegative('Weight cannot be negative.'),
  categoryIds: z.array(z.string()),
  variants: z.array(
    z.object({
      id: z.number(),
      purchasingDisabled: z.boolean(),
      prices: z.array(
        z
          .object({
            regionId: z.string(),
            price: amount('price'),
            salePrice: amount('sale price').nullable(),
            retailPrice: amount('retail price').nullable(),
          })
          .refine((price) => price.salePrice === null || price.salePrice < price.price, {
            message: 'A sale price must be below the price.',
            path: ['salePrice'],
          }),
      ),
    }),
  ),
});
export type ProductFormValues = z.infer<typeof productFormSchema>;

/** The product as the form edits it: every variant priced in every price list, in the lists' order. */
export function formValuesOf(product: ProductDetail): ProductFormValues {
  return {
    version: product.version,
    name: product.name,
    description: product.description,
    brandId: product.brandId === null ? '' : String(product.brandId),
    isVisible: product.isVisible,
    isNew: product.isNew,
    isRedesigned: product.isRedesigned,
    sortOrder: product.sortOrder,
    weightGrams: product.weightGrams,
    categoryIds: product.categoryIds.map(String),
    variants: product.variants.map((variant) => ({
      id: variant.id,
      purchasingDisabled: variant.purchasingDisabled,
      prices: product.priceLists.map((list) => {
        const price = variant.prices.find((candidate) => candidate.regionId === list.regionId);
        return {
          regionId: list.regionId,
          price: price?.price ?? Number.NaN,
          salePrice: price?.salePrice ?? null,
          retailPrice: price?.retailPrice ?? null,
        };
      }),
    })),
  };
}

/** The form's values as the API's PATCH (the same field paths, so its refusals land at the fields). */
export function patchOf(values: ProductFormValues): ProductPatch {
  return {
    version: values.version,
    name: values.name,
    description: values.description,
    brandId: values.brandId === '' ? null : Number(values.brandId),
    isVisible: values.isVisible,
    isNew: values.isNew,
    isRedesigned: values.isRedesigned,
    sortOrder: values.sortOrder,
    weightGrams: values.weightGrams,
    categoryIds: values.categoryIds.map(Number),
    variants: values.variants,
  };
}
