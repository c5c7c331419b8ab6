import type { ShopperGroup } from './price-view';

/** What a product card shows (spec §3 'Product card'), built on the server from both halves. */
export interface ProductCardView {
  uid: string;
  title: string;
  /** The commerce product's id and sku, for analytics (spec §3 'Analytics items'). */
  commerceId: number;
  sku: string;
  onSale: boolean;
  isNew: boolean;
  isRedesigned: boolean;
  inStock: boolean;
  price: number;
  salePrice: number | null;
  /** What this shopper pays (calculated_price: the lower of the sale and their group price). */
  calculatedPrice?: number;
  /**
   * Whose group prices the card shows, as the viewer is priced: a pro sees their pro price and
   * never the sale tag (docs/accounts.md 'Customer groups and prices'). Absent for guests.
   */
  shopperGroup?: ShopperGroup | null;
  /** The content price, for countries without a shop. */
  displayPrice: string | null;
  colours: { label: string; hex: string[]; image: string | null }[];
}
