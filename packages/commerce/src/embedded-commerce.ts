import type { Db } from '@piste/db';
import { createCartService } from './cart/cart-service';
import type { ImageSize } from './catalogue/catalogue-contract';
import { createCatalogueService } from './catalogue/catalogue-service';
import { createProductFactsReader } from './catalogue/product-facts';
import type { CommercePort } from './commerce-port';
import { createCustomerGroupService } from './customers/customer-groups';
import { createCustomerService } from './customers/customer-service';
import { createCheckoutService } from './orders/checkout-service';
import type { CheckoutService } from './orders/order-contract';
import { createOrderService } from './orders/order-service';
import type { PaymentProvider } from './payments/payment-contract';
import type { PromotionService } from './promotions/promotion-contract';
import { createPromotionService } from './promotions/promotion-service';
import type { ResponseCache } from './response-cache';
import { createShippingService } from './shipping/shipping-service';
import { createStoreService } from './store/store-service';
import type { TaxService } from './tax/tax-contract';
import { createTaxService } from './tax/tax-service';

export interface EmbeddedCommerceOptions {
  /** A catalogue image's URL at one of the catalogue's sizes. */
  imageUrl: (mediaId: string, size: ImageSize) => string;
  /** Keeps catalogue and store answers; cleared on catalogue changes (cache-clearing.ts). */
  cache: ResponseCache;
  /** Takes the payments of our own checkout. */
  payments: PaymentProvider;
  /** The shop's public origin, for links in emails. */
  publicUrl: string;
}

/** The embedded engine's port, with what only it has: its own checkout and taxes. */
export interface EmbeddedCommerce extends CommercePort {
  readonly provider: 'embedded';
  checkout: CheckoutService;
  hostedCheckout: null;
  /** VAT in the EU, sales tax in the US and Canada (docs/decisions/008-shipping-and-tax.md). */
  tax: TaxService;
  /** Coupon codes on carts (docs/promotions.md); the cart prices promotions on every read. */
  promotions: PromotionService;
}

/** The commerce port over our own database (docs/architecture.md 'Commerce providers'). */
export function createEmbeddedCommerce(db: Db, options: EmbeddedCommerceOptions): EmbeddedCommerce {
  const { imageUrl, cache, payments, publicUrl } = options;
  const catalogue = createCatalogueService(db, { imageUrl, cache });
  const cart = createCartService(db, { imageUrl });
  const shipping = createShippingService(db);
  const tax = createTaxService(db);
  const customerGroups = createCustomerGroupService(db);
  const customers = createCustomerService(db, { groups: customerGroups, publicUrl });
  const checkout = createCheckoutService(db, { cart, shipping, tax, payments, customers, publicUrl });
  return {
    provider: 'embedded',
    catalogue,
    store: createStoreService(db, { cache }),
    cart,
    shipping,
    customers,
    customerGroups,
    orders: createOrderService(db, { publicUrl }),
    checkout: {
      ...checkout,
      /**
       * An order takes stock, so this instance's catalogue answers go as soon as it is placed.
       * The database announces it to every instance too (cache-clearing.ts), but that arrives
       * on another connection a moment after the commit: a shopper's next read may come first.
       */
      async placeOrder(...args) {
        try {
          return await checkout.placeOrder(...args);
        } finally {
          catalogue.invalidate();
        }
      },
    },
    hostedCheckout: null,
    tax,
    promotions: createPromotionService(db, { cart }),
    productFacts: createProductFactsReader(db),
  };
}
