import type { PaymentBrowserSetup } from '@piste/commerce/server';

/**
 * The origins a page running Stripe.js and the Payment Element needs in its
 * Content-Security-Policy, from Stripe's integration security guide
 * (https://docs.stripe.com/security/guide#content-security-policy): the script and its frames
 * come from js.stripe.com and its subdomains, the 3D Secure and redirect pages from
 * hooks.stripe.com, and Stripe.js talks to api.stripe.com. The guide's maps.googleapis.com is
 * for the Address Element's autocomplete, which the checkout does not use.
 */
export const STRIPE_CSP_SOURCES: PaymentBrowserSetup['csp'] = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export function stripeBrowserSetup(publishableKey: string): PaymentBrowserSetup {
  return {
    provider: 'stripe',
    publishableKey,
    csp: {
      script: [...STRIPE_CSP_SOURCES.script],
      frame: [...STRIPE_CSP_SOURCES.frame],
      connect: [...STRIPE_CSP_SOURCES.connect],
    },
  };
}
