/**
 * @piste/commerce/server — the commerce engine (Node only): the services over the database, cart
 * and order sessions (node:crypto), password hashing, the payment provider, emails and seeding.
 * Re-exports the browser-safe half, so a server module needs one import.
 */
export * from './index';
export * as commerceSchema from './schema/index';
export { ResponseCache } from './response-cache';
export { createCatalogueService, type CatalogueServiceOptions } from './catalogue/catalogue-service';
export { CATEGORY_SORTS } from './catalogue/category-listing';
export { createProductFactsReader } from './catalogue/product-facts';
export { createEmbeddedCommerce, type EmbeddedCommerceOptions } from './embedded-commerce';
export { createCartService, type CartServiceOptions } from './cart/cart-service';
export * from './cart/cart-session';
export { createStoreService } from './store/store-service';
export { createShippingService } from './shipping/shipping-service';
export { createTaxService } from './tax/tax-service';
export { createCheckoutService } from './orders/checkout-service';
export { createPromotionService } from './promotions/promotion-service';
export { createOrderService } from './orders/order-service';
export { createPaymentRecovery } from './orders/payment-recovery';
export { lockOrder, recordShipment, remainingToShip, type Parcel, type ParcelItem } from './orders/order-shipping';
export { queueOrderCancelledEmail } from './orders/order-cancelled-email';
export { ORDER_COOKIE, orderSessionCookie, parseOrderSessionToken } from './orders/order-session';
export {
  createTestPaymentProvider,
  type SignedWebhookDelivery,
  type TestPaymentProviderOptions,
  type TestPayments,
} from './payments/test-provider/test-payment-provider';
export { signWebhook as signTestWebhook, TEST_SIGNATURE_HEADER } from './payments/test-provider/test-webhook-signature';
export {
  TEST_PAYMENT_CARDS,
  type TestCardInput,
  type TestPaymentGateway,
} from './payments/test-provider/test-gateway-contract';
export type {
  CreatePaymentIntent,
  HeldAuthorisation,
  PaymentBrowserSetup,
  PaymentEvent,
  PaymentIntent,
  PaymentIntentStatus,
  PaymentProvider,
  PaymentProviderId,
} from './payments/payment-contract';
export { createPaymentEvents, type PaymentEvents } from './orders/payment-events';
export { recordPaymentAmount } from './orders/order-payment-records';
export {
  enqueueEmail,
  createOutboxService,
  MAX_SEND_ATTEMPTS,
  type EmailKind,
  type OutgoingEmail,
  type OutboxEmail,
  type OutboxEmailSummary,
  type OutboxService,
  type OutboxWriter,
  passwordResetUrl,
  passwordResetEmail,
  accountCreatedEmail,
  orderConfirmationEmail,
  type RenderedEmail,
  type OrderConfirmationLine,
  type OrderConfirmationTotals,
} from './notifications/index';
export { createCustomerService } from './customers/customer-service';
export { deleteCustomerKeepingOrders } from './customers/customer-accounts';
export { assertProCodeUsesLeft, proCodeUses, proCodeUsedUp } from './customers/pro-memberships';
export { createCustomerGroupService } from './customers/customer-groups';
export { createCachedCustomerGroups } from './customers/cached-customer-groups';
export { customerStatusOf, pricingGroupOf, proStanding } from './customers/customer-standing';
export { queuePasswordResetEmail } from './customers/password-reset-email';
export { referenceDataSeed } from './seed/reference-data-seed';
export { createCatalogueSeed, seedCategoryIdsByPath, seedProductCategoryPaths } from './seed/catalogue-seed';
export { loadSeedCatalogue, seedIds, type SeedCatalogue } from './seed/load-source';
export { scaleCatalogue, countSyntheticProducts, SYNTHETIC_ID_BASE, type ScaleOptions } from './seed/scale-catalogue';
export { readSeedContentProducts, type SeedContentProduct } from './seed/content-products';
export { createShippingTaxSeed } from './seed/shipping-tax-seed';
export { createPromotionSeed } from './seed/promotion-seed';
export { createCustomerSeed, createProCodeSeed, readSeedCustomers, type SeedCustomers } from './seed/customer-seed';
export { moneyFormatter } from './store/money-format';
export { assertProOrderAllowed, proOrderTotalOf, type SpentMinor } from './customers/pro-spend';
export {
  BRAND_CURRENCY,
  isProRegion,
  PRO_CODE_FIELD,
  proCodeFieldValue,
  proHomeCurrency,
  regionMakesPro,
  spendPeriodStart,
} from './customers/pro-status';
export { hashPassword, verifyAgainstDecoy, verifyPassword } from './customers/passwords.server';
