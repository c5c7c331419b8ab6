export {
  enqueueEmail,
  createOutboxService,
  retryDelayMs,
  EMAIL_KINDS,
  MAX_SEND_ATTEMPTS,
  RETRY_BASE_MS,
  CLAIM_LEASE_MS,
  type EmailKind,
  type OutgoingEmail,
  type OutboxWriter,
  type OutboxServiceOptions,
} from './outbox';
export type { OutboxEmail, OutboxEmailSummary, OutboxService } from './outbox-contract';
export {
  escapeHtml,
  passwordResetUrl,
  passwordResetEmail,
  accountCreatedEmail,
  orderConfirmationEmail,
  orderShippedEmail,
  orderCancelledEmail,
  type RenderedEmail,
  type OrderConfirmationLine,
  type OrderConfirmationTotals,
  type OrderConfirmationDiscount,
} from './email-templates';
export { confirmationDiscounts } from './confirmation-discounts';
