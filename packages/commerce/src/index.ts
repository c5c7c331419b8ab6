/**
 * @piste/commerce — the browser-safe half: the service contracts and DTO shapes, request schemas,
 * and pure rules (regions, prices, passwords, pro brands). Nothing here reaches the database, the
 * file system or node:crypto; the services, sessions, emails and seeding live in `@piste/commerce/server`.
 */
export {
  resolveCommerceRegion,
  DEFAULT_COMMERCE_REGION,
  PRICE_LIST_REGION,
  type CommerceRegion,
} from './commerce-region';
export type { ShopperContext } from './shopper-context';
export type {
  CommercePort,
  CommerceProviderName,
  HostedCheckout,
  PriceListRegionId,
  ProductFacts,
  ProductFactsReader,
} from './commerce-port';
export { parseInput } from './validation';
export { minorToDecimal } from './money';
export {
  resolvePrice,
  groupPercentOff,
  type PriceAdjustment,
  type PricedProduct,
  type ResolvedPrice,
  type StoredPrice,
} from './pricing/pricing-service';
export type {
  CatalogueService,
  CatalogueReads,
  CatalogueListings,
  CategoryPage,
  CategoryPageQuery,
  ImageSize,
} from './catalogue/catalogue-contract';
export * from './catalogue/query-schemas';
export type * from './catalogue/dto';
export { paginate, pickFields } from './catalogue/dto';
export {
  productInStock,
  productInventory,
  productInventoryLevel,
  type StockedVariant,
  type StockTrackedProduct,
} from './catalogue/stock-rules';
export { toProductImageDto } from './catalogue/image-view';
export { fromPrice, priceVariants, shownPrice, toVariantDto, type PricedVariant } from './catalogue/variant-view';
export type { CategorySort, CategoryFacets, CategoryListing, CategoryListingQuery } from './catalogue/category-listing';
export type { CartService, CartAccess } from './cart/cart-contract';
export * from './cart/cart-schemas';
export {
  assertLineLimits,
  assertQuantity,
  assertSameProduct,
  mergeRequested,
  notAVariantOf,
} from './cart/cart-line-rules';
export type { CartSessionToken } from './cart/cart-session';
export type * from './cart/cart-dto';
export { cartSavings, type CartSaving } from './cart/cart-savings';
export { COUPON_REFUSALS, type CouponRefusal, type PromotionService } from './promotions/promotion-contract';
export {
  couponBodySchema,
  couponCodeSchema,
  MAX_COUPON_CODE_LENGTH,
  promotionFieldsSchema,
  type PromotionFields,
} from './promotions/promotion-schemas';
export { couponRefusalMessage } from './promotions/coupon-messages';
export { PROMOTION_KINDS, PROMOTION_PRO_RULES, PROMOTION_TARGETS } from './promotions/promotion-kinds';
export type { StoreService, CurrencyDto, CountryDto, StateDto, StoreDto } from './store/store-contract';
export type {
  ShippingService,
  ShippingZoneDto,
  ShippingMethodDto,
  ShippingMethodSettingsDto,
} from './shipping/shipping-contract';
export {
  isFreeShippingHidden,
  matchZone,
  parseGroupList,
  quoteMethods,
  type MethodCandidate,
  type ShippingOption,
  type ShippingSettingsDto,
  type ZoneCandidate,
} from './shipping/shipping-rules';
export { destinationSchema, quoteInputSchema, thresholdInputSchema } from './shipping/shipping-input';
export { toShippingMethodDto } from './shipping/shipping-method-dto';
export type { TaxService, TaxQuote } from './tax/tax-contract';
export type { CheckoutAccess, CheckoutPayment, CheckoutQuote, CheckoutService } from './orders/order-contract';
export {
  addressSchema,
  checkoutInputSchema,
  destinationInputSchema,
  paymentInputSchema,
  paymentIntentIdSchema,
  readIdempotencyKey,
  type AddressInput,
  type CheckoutInput,
} from './orders/checkout-schemas';
export type {
  OrderAccess,
  OrderService,
  OrderStatusDto,
  PaymentRecovery,
  PaymentRecoveryReport,
} from './orders/order-contract';
export type { OrderDto, ShipmentDto } from './orders/order-dto';
export { orderNotFound, toOrderStatusDto } from './orders/order-status';
export {
  MAX_ADDRESSES,
  PASSWORD_RESET_TTL_MINUTES,
  type CustomerService,
  type CustomerAccounts,
  type CustomerAddresses,
  type CustomerGroupService,
  type PasswordResets,
  type ProMemberships,
  type CustomerStatus,
  type ProOrderTotalDto,
} from './customers/customer-contract';
export * from './customers/customer-schemas';
export * from './customers/customer-refusals';
export type * from './customers/customer-dto';
export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, passwordProblem } from './customers/password-policy';
export { proSpendView, spendProgress, type PageCurrency, type ProSpendView } from './customers/pro-spend-view';
export {
  DEFAULT_BRAND_SPEND_LIMIT,
  PRO_BRANDS,
  proBrandForRegion,
  proHomeBrand,
  proRegionFromCustomerData,
  type ProBrand,
} from './customers/pro-status';
