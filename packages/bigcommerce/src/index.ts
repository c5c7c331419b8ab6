/**
 * @piste/bigcommerce — the BigCommerce commerce provider (Node only). The server's composition
 * root builds it when COMMERCE_PROVIDER=bigcommerce; nothing else imports it.
 */
export {
  readBigCommerceSettings,
  BigCommerceSettingsError,
  type BigCommerceSettings,
  type BigCommerceRegion,
} from './settings';
export {
  createBigCommerceClient,
  BIGCOMMERCE_PAGE_LIMIT,
  type BigCommerceClient,
  type BigCommerceLogger,
  type V3Answer,
  type V3Pagination,
} from './client/bigcommerce-client';
export { BigCommerceError, BigCommerceShapeError } from './client/bigcommerce-error';
export { createBigCommerceCommerce } from './provider/bigcommerce-commerce';
export type { BigCommerceProviderDeps } from './provider/provider-deps';
export { webhookPayloadSchema, type WebhookPayload } from './webhooks/webhook-payload';
export { WEBHOOK_SECRET_HEADER, isWebhookSecretValid } from './webhooks/webhook-secret';
export { handleWebhook, WEBHOOK_SCOPES, type WebhookChange } from './webhooks/webhook-change';
export { registerWebhooks, type WebhookRegistration } from './webhooks/webhook-registration';
