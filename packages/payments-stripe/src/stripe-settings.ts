/**
 * What the Stripe provider needs (docs/providers/stripe.md 'Configuration'): the account's secret
 * key for our server's calls, the publishable key Stripe.js runs with in the browser, and the
 * signing secret of the webhook endpoint registered for `/api/webhooks/payments`.
 */
export interface StripeSettings {
  /** `sk_test_…` or `sk_live_…`; never leaves the server. */
  secretKey: string;
  /** `pk_test_…` or `pk_live_…`; handed to browsers. */
  publishableKey: string;
  /** `whsec_…`: verifies the `Stripe-Signature` header of webhook deliveries. */
  webhookSecret: string;
}

/** Where the client sends API requests; only tests point it elsewhere (the fixture server). */
export interface StripeApiTarget {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}
