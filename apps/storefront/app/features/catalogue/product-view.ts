/** What the product page shows: the content half joined with the commerce half (DESIGN §5). */
export interface ProductVariantView {
  id: number;
  sku: string;
  colour: string;
  size: string;
  price: number;
  salePrice: number | null;
  calculatedPrice: number;
  inventoryLevel: number;
  inStock: boolean;
}

export interface ProductColourView {
  label: string;
  hex: string[];
  /** Media ids of this colour's images, main image first. */
  images: string[];
}

export interface ProductView {
  uid: string;
  commerceId: number | null;
  title: string;
  tagline: string;
  description: string;
  isNew: boolean;
  isRedesigned: boolean;
  specs: { name: string; value: string }[];
  colours: ProductColourView[];
  sizes: string[];
  variants: ProductVariantView[];
}

/** Stock shoppers are told about: at most this many left reads "Only N left". */
export const LOW_STOCK_THRESHOLD = 3;

export type StockState = 'in-stock' | 'low' | 'out-of-stock';

export function stockStateOf(variant: Pick<ProductVariantView, 'inStock' | 'inventoryLevel'>): StockState {
  if (!variant.inStock) return 'out-of-stock';
  return variant.inventoryLevel > 0 && variant.inventoryLevel <= LOW_STOCK_THRESHOLD ? 'low' : 'in-stock';
}

/** The variant of a colour and size, if the product has that combination. */
export function findVariant(product: ProductView, colour: string, size: string): ProductVariantView | undefined {
  return product.variants.find((variant) => variant.colour === colour && variant.size === size);
}
