import type { Db } from '@piste/db';
import type { CartService } from '../cart/cart-contract';
import type { CustomerService } from '../customers/customer-contract';
import type { PaymentProvider } from '../payments/payment-contract';
import type { ShippingService } from '../shipping/shipping-contract';
import type { TaxService } from '../tax/tax-contract';
import { createCheckoutPayments } from './checkout-payment';
import { createCheckoutQuotes } from './checkout-quote';
import type { CheckoutService } from './order-contract';
import { readIdempotencyKey } from './checkout-schemas';
import { createPlacedOrders } from './order-idempotency';
import { createOrderPlacement } from './order-placement';
import { createOrderWriter } from './order-writing';

/**
 * The embedded engine's checkout (docs/checkout.md; the spec's shop used the platform's hosted one):
 * quote shipping and tax for a destination, create the payment the browser confirms, then place the order. Placing is idempotent by
 * key and atomic: stock is taken with conditional updates in the order's transaction, so two
 * shoppers can never both buy the last unit. Payment is authorised (the shopper confirms the intent
 * in the provider's element) before the transaction and captured only after it commits; a failed transaction voids the authorisation, so there is
 * never a charge without an order, nor an order without its stock. What a crash leaves
 * authorised is settled by the payment recovery (payment-recovery.ts).
 *
 * Composed of the quote (checkout-quote.ts), the idempotency keys' orders (order-idempotency.ts),
 * the placement with its payment (order-placement.ts) and the order's transaction (order-writing.ts).
 */
export function createCheckoutService(
  db: Db,
  services: {
    cart: CartService;
    shipping: ShippingService;
    tax: TaxService;
    payments: PaymentProvider;
    /** Pro spend limits (docs/accounts.md 'Pro programme'): an order past the limit is refused. */
    customers: Pick<CustomerService, 'assertWithinSpendLimit'>;
    /** The shop's public origin, for the order link in the confirmation email. */
    publicUrl: string;
  },
): CheckoutService {
  const { quote } = createCheckoutQuotes(services);
  const placedOrders = createPlacedOrders(db, services.payments);
  const placeNewOrder = createOrderPlacement(db, {
    quote,
    payments: services.payments,
    customers: services.customers,
    writeOrder: createOrderWriter(services),
    placedOrders,
  });

  return {
    quote,
    createPayment: createCheckoutPayments(db, { quote, payments: services.payments, customers: services.customers }),
    placedOrder: (idempotencyKey, owner) => placedOrders.existingOrder(readIdempotencyKey(idempotencyKey), owner),
    placeOrder: placedOrders.answeringItsKey(placeNewOrder),
  };
}
