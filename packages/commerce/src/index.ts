export * as commerceSchema from './schema/index';
export { resolveCommerceRegion, DEFAULT_COMMERCE_REGION, type CommerceRegion } from './commerce-region';
export { parseInput } from './validation';
export { minorToDecimal } from './money';
export { resolvePrice, type PriceAdjustment, type ResolvedPrice, type StoredPrice } from './pricing/pricing-service';
export {
  createCatalogueService,
  type CatalogueService,
  type CatalogueServiceOptions,
  type ImageSize,
  type ShopperContext,
} from './catalogue/catalogue-service';
export { ResponseCache } from './catalogue/response-cache';
export * from './catalogue/query-schemas';
export type * from './catalogue/dto';
export { createCartService, type CartService, type CartServiceOptions, type CartAccess } from './cart/cart-service';
export * from './cart/cart-schemas';
export * from './cart/cart-session';
export type * from './cart/cart-dto';
export { createStoreService, type StoreService, type CurrencyDto } from './store/store-service';
export { referenceDataSeed } from './seed/reference-data-seed';
export { createCatalogueSeed } from './seed/catalogue-seed';
export { loadSeedCatalogue, type SeedCatalogue } from './seed/load-source';
export { scaleCatalogue, countSyntheticProducts, SYNTHETIC_ID_BASE, type ScaleOptions } from './seed/scale-catalogue';
export { readSeedContentProducts, type SeedContentProduct } from './seed/content-products';
export {
  CATEGORY_SORTS,
  type CategorySort,
  type CategoryFacets,
  type CategoryListing,
  type CategoryListingQuery,
} from './catalogue/category-listing';
export {
  createShippingService,
  type ShippingService,
  type ShippingZoneDto,
  type ShippingMethodDto,
  type ShippingMethodSettingsDto,
} from './shipping/shipping-service';
export { type ShippingOption, type ShippingSettingsDto } from './shipping/shipping-rules';
export { createTaxService, type TaxService, type TaxQuote } from './tax/tax-service';
export { createShippingTaxSeed } from './seed/shipping-tax-seed';
export {
  createCheckoutService,
  type CheckoutAccess,
  type CheckoutQuote,
  type CheckoutService,
} from './orders/checkout-service';
export {
  addressSchema,
  checkoutInputSchema,
  destinationInputSchema,
  type AddressInput,
  type CheckoutInput,
} from './orders/checkout-schemas';
export { createOrderService, type OrderAccess, type OrderService, type OrderStatusDto } from './orders/order-service';
export { createPaymentRecovery, type PaymentRecovery, type PaymentRecoveryReport } from './orders/payment-recovery';
export type { OrderDto, ShipmentDto } from './orders/order-dto';
export {
  createTestPaymentProvider,
  TEST_CARDS,
  type AuthorisationState,
  type CardPayment,
  type HeldAuthorisation,
  type PaymentLedger,
  type PaymentLedgerEntry,
  type PaymentProvider,
  type PaymentResult,
} from './payments/test-payment-provider';
export { createPaymentLedgerFile, readPaymentLedgerFile } from './payments/payment-ledger-file';
export { ORDER_COOKIE, orderSessionCookie, parseOrderSessionToken } from './orders/order-session';
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
export { groupPercentOff, type PricedProduct } from './pricing/pricing-service';
export {
  createCustomerService,
  MAX_ADDRESSES,
  PASSWORD_RESET_TTL_MINUTES,
  type CustomerService,
  type CustomerStatus,
  type ProOrderTotalDto,
} from './customers/customer-service';
export { createCustomerGroupService, type CustomerGroupService } from './customers/customer-groups';
export * from './customers/customer-schemas';
export type * from './customers/customer-dto';
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, passwordProblem } from './customers/password-policy';
export {
  DEFAULT_BRAND_SPEND_LIMIT,
  PRO_BRANDS,
  proBrandForRegion,
  proHomeBrand,
  proRegionFromCustomerData,
  type ProBrand,
} from './customers/pro-status';
export { createCustomerSeed } from './seed/customer-seed';
