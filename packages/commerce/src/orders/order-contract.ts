import type { CartAccess } from '../cart/cart-contract';
import type { CartDto } from '../cart/cart-dto';
import type { PaymentProviderId } from '../payments/payment-contract';
import type { ShippingOption } from '../shipping/shipping-rules';
import type { ShopperContext } from '../shopper-context';
import type { TaxQuote } from '../tax/tax-contract';
import type { CheckoutInput } from './checkout-schemas';
import type { OrderDto, ShipmentDto } from './order-dto';

/**
 * The checkout and order contracts (docs/checkout.md): quoting and placing an order for a cart,
 * then reading it and its shipments. The embedded implementations are `createCheckoutService` and
 * `createOrderService`; a hosted platform's checkout would answer the same calls.
 */

/** Who asks for an order: its customer, or the session that placed it (the cart's secret). */
export interface OrderAccess {
  customerId?: number | null;
  cartSecret?: string | null;
}

/** What the checkout shows before the order is placed: options and totals for a destination. */
export interface CheckoutQuote {
  cart: CartDto;
  shippingOptions: ShippingOption[];
  /** The option the totals include: the one asked for, else the cheapest; null when nothing ships there. */
  shipping: ShippingOption | null;
  tax: TaxQuote;
  totals: { subtotalMinor: number; discountMinor: number; shippingMinor: number; taxMinor: number; totalMinor: number };
}

/** Who places an order: the cart's keys, and the session's order cookie once the cart is ordered. */
export interface CheckoutAccess extends CartAccess {
  /** The secret of the session's `piste_order` cookie: it answers a retry after the cart's session ended. */
  orderSecret?: string | null;
}

/** What the browser needs to confirm a payment in the provider's element; never a card. */
export interface CheckoutPayment {
  provider: PaymentProviderId;
  intentId: string;
  /** Handed to the provider's element only; never logged. */
  clientSecret: string;
  amountMinor: number;
  currency: string;
}

export interface CheckoutService {
  /** Shipping options, tax and totals of the cart for a destination (and a chosen method). */
  quote(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    destination: { country_iso2: string; state?: string },
    shippingMethodId?: number,
  ): Promise<CheckoutQuote>;
  /**
   * Starts paying for the cart's order (issue 28 'The payment flow' step 1): a payment intent
   * for the cart's total where it ships, which the browser confirms in the provider's element.
   * `checkoutKey` is the Idempotency-Key the order will be placed with.
   */
  createPayment(
    shopper: ShopperContext,
    cartId: string,
    access: CartAccess,
    destination: { country_iso2: string; state?: string },
    shippingMethodId: number,
    checkoutKey: string,
  ): Promise<CheckoutPayment>;
  /** The order a key placed, for the session or customer that placed it (the checkout page's reload). */
  placedOrder(idempotencyKey: string, owner: OrderAccess): Promise<OrderDto | null>;
  /**
   * Places the order for a cart. The same idempotency key always answers the same order to the
   * checkout that sent it; a declined payment leaves the cart as it was. `locale` is the shopper's,
   * for the confirmation email.
   */
  placeOrder(
    shopper: ShopperContext,
    cartId: string,
    access: CheckoutAccess,
    input: CheckoutInput,
    idempotencyKey: string,
    locale?: string,
  ): Promise<OrderDto>;
}

/** `GET order-status/{id}?email=`: what a guest may see of an order with its number and email. */
export interface OrderStatusDto {
  id: number;
  status: string;
  custom_status: OrderDto['custom_status'];
  date_created: string;
  items_total: number;
  total_inc_tax: number;
  currency_code: string;
  shipments: ShipmentDto[];
}

/** Orders and shipments. An order nobody may see is reported as not existing. */
export interface OrderService {
  /** `GET orders/{id}`: for its customer or the session that placed it. */
  get(id: number, access: OrderAccess): Promise<OrderDto>;
  /** `GET orders` for the signed-in customer: their orders, newest first, a page at a time. */
  listForCustomer(
    customerId: number,
    page: { page: number; limit: number },
  ): Promise<{ orders: OrderDto[]; total: number }>;
  /** `GET orders/{id}/shipments`, under the same access as the order. */
  shipments(id: number, access: OrderAccess): Promise<ShipmentDto[]>;
  /** `GET order-status/{id}?email=`: a guest's lookup; a wrong email answers as if the order did not exist. */
  status(id: number, email: string): Promise<OrderStatusDto>;
  /** Ships what is left of the order in one parcel: every line, all of its quantity not shipped yet. */
  shipAll(id: number, parcel: { carrier: string; trackingNumber: string }): Promise<ShipmentDto>;
}

/** What one payment recovery run did. */
export interface PaymentRecoveryReport {
  /** Authorisations an order names: the order's payment, taken now. */
  captured: { transactionId: string; amountMinor: number; orderId: number }[];
  /** Authorisations no order names: released. */
  voided: { transactionId: string; amountMinor: number }[];
}

/**
 * Settles the payment authorisations checkouts left behind (docs/checkout.md 'Recovery'): each
 * one held from before `authorizedBefore` is captured when an order names it and voided when none
 * does. The embedded implementation is `createPaymentRecovery`.
 */
export interface PaymentRecovery {
  settle(authorizedBefore: Date): Promise<PaymentRecoveryReport>;
}
