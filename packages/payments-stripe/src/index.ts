/**
 * The Stripe payment provider (`PAYMENT_PROVIDER=stripe`, docs/providers/stripe.md): the payment
 * port over Stripe's PaymentIntents API with the official `stripe` client. Server-only: it holds
 * the secret key. The browser side is the storefront's stripe-payment-element.ts.
 */
export { createStripePaymentProvider, type StripeProviderOptions } from './stripe-payment-provider';
export { STRIPE_CSP_SOURCES } from './stripe-browser-setup';
export { STRIPE_WEBHOOK_EVENTS } from './stripe-webhook-events';
export type { StripeApiTarget, StripeSettings } from './stripe-settings';
