import type { CartAccess, CartService } from './cart/cart-contract';
import type { CatalogueService } from './catalogue/catalogue-contract';
import type { CustomerGroupService, CustomerService } from './customers/customer-contract';
import type { CheckoutService, OrderService } from './orders/order-contract';
import type { ShippingService } from './shipping/shipping-contract';
import type { ShopperContext } from './shopper-context';
import type { StoreService } from './store/store-contract';

/**
 * The commerce port (docs/architecture.md 'Commerce providers'): everything `/api`, the SSR
 * loaders, GraphQL and search ask of commerce, whichever platform keeps it. `COMMERCE_PROVIDER`
 * picks the implementation at start-up — the embedded engine over our database, or BigCommerce
 * through its REST Management API — and nothing outside the composition root names either.
 */
export type CommerceProviderName = 'embedded' | 'bigcommerce';

/** The price lists a product is priced in (the three billing regions of spec §4). */
export type PriceListRegionId = 'us' | 'ca' | 'eu_region_1';

/** What the search index shows of a visible commerce product (DESIGN §5: the commerce half). */
export interface ProductFacts {
  id: number;
  /** The catalogue's rule, as category pages apply it. */
  inStock: boolean;
  /** Its visible categories, to pick the department and the deepest path from. */
  categories: { id: number; name: string; path: string }[];
  colours: string[];
  sizes: string[];
  /** Per price list: the cheapest variant's price to pay (minor units) and whether that is a sale price. */
  prices: Partial<Record<PriceListRegionId, { minor: number; onSale: boolean }>>;
  /** The first product image's media id, or null. */
  image: string | null;
  updatedAt: string;
}

/** Reads the facts of the visible products among `ids`; hidden and unknown ids are left out. */
export type ProductFactsReader = (ids: Iterable<number>) => Promise<Map<number, ProductFacts>>;

/**
 * A platform's own checkout page, which takes the order instead of ours (spec §7 `POST
 * customers/bclogin`): the shopper is handed over with their cart, signed in when they are.
 */
export interface HostedCheckout {
  /**
   * The address to send the shopper to for this cart. Refuses a cart the caller cannot reach
   * (NOT_FOUND) and, for a pro, an order past their spend limit (spec §4). The signed-in
   * customer (null for a guest) goes signed in; `returnUrl` is where the platform's checkout sends
   * the shopper back with the order: the checkout page in the shopper's own locale.
   */
  checkoutUrl(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    handOver: { customerId: number | null; returnUrl: string },
  ): Promise<string>;
}

export interface CommercePort {
  readonly provider: CommerceProviderName;
  catalogue: CatalogueService;
  store: StoreService;
  cart: CartService;
  shipping: ShippingService;
  customers: CustomerService;
  customerGroups: CustomerGroupService;
  orders: OrderService;
  /** Our own checkout (embedded); null when the platform's hosted checkout takes orders. */
  checkout: CheckoutService | null;
  /** The platform's checkout (BigCommerce); null when ours takes orders. */
  hostedCheckout: HostedCheckout | null;
  /** The commerce half of search documents. */
  productFacts: ProductFactsReader;
}
