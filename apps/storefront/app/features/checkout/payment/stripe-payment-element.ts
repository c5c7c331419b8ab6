import type {
  Stripe,
  StripeElementLocale,
  StripeElements,
  StripeElementsOptions,
  StripePaymentElement,
} from '@stripe/stripe-js';
import type { PaymentElement, PaymentElementResult } from './payment-element';

/** What the server's `payments.browserSetup()` hands the page for Stripe (the publishable key only). */
export interface StripeBrowserSetup {
  provider: 'stripe';
  publishableKey?: string;
}

export interface StripePaymentElementOptions {
  /** The shopper's locale (`de-de`): Stripe's frames and its messages speak its language. */
  locale: string;
  /** The total the intent will hold, in minor units, and its currency (ISO 4217): wallets show it. */
  amountMinor: number;
  currency: string;
  /**
   * Where Stripe sends the shopper back after a payment method that leaves the page (a bank's own
   * page); Stripe adds `payment_intent` and `redirect_status` to it.
   */
  returnUrl: string;
  /** The page's display texts (docs/content.md 'Display texts'); unset, the English titles. */
  t?: (title: string) => string;
  /** Tests only: stands in for @stripe/stripe-js's `loadStripe`. */
  loadStripe?: (publishableKey: string) => Promise<Stripe | null>;
}

/** Stripe.js's locales (its `StripeElementLocale`) that our languages map onto. */
const STRIPE_LOCALES: ReadonlySet<string> = new Set([
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'et',
  'fi',
  'fr',
  'fr-CA',
  'hr',
  'hu',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'tr',
  'zh',
] satisfies StripeElementLocale[]);

/** Our `de-de` as Stripe's `de` (or `en-gb` as `en-GB`); a language Stripe lacks lets it choose. */
export function stripeLocaleOf(locale: string): StripeElementLocale {
  const [language = '', region = ''] = locale.split('-');
  const regional = `${language.toLowerCase()}-${region.toUpperCase()}`;
  if (STRIPE_LOCALES.has(regional)) return regional as StripeElementLocale;
  return STRIPE_LOCALES.has(language.toLowerCase()) ? (language.toLowerCase() as StripeElementLocale) : 'auto';
}

/** The Payment Element, and a way to follow the total when the shopper changes shipping. */
export interface StripeCheckoutElement extends PaymentElement {
  /** Tells the element the new total (wallets show it); the next intent is created for it. */
  updateTotal(amountMinor: number): Promise<void>;
}

const LOAD_FAILED = 'The card form could not be loaded. Please check your connection and reload the page.';
const NOT_COMPLETED = 'The payment was not completed. Please try again or use another card.';

/**
 * Loads Stripe.js from js.stripe.com only when a Stripe checkout asks for it: the `pure` entry
 * has no import side effect, so shops on the test provider never fetch it (and their CSP would
 * refuse it).
 */
async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
}

/**
 * Stripe's Payment Element (docs/providers/stripe.md 'Checkout page'): the card is typed into
 * Stripe's frames, so the page never sees it. The element is mounted before the intent exists
 * (Stripe's deferred intent: `mode: 'payment'` with the amount, currency and manual capture the
 * server's intent will have); `confirm` then validates the form (`elements.submit()`) and
 * confirms the intent the server created, handling 3D Secure in Stripe's own dialog. Only an
 * intent left `requires_capture` (authorised and held) counts as paid.
 */
export function createStripePaymentElement(
  setup: StripeBrowserSetup,
  options: StripePaymentElementOptions,
): StripeCheckoutElement {
  const load = options.loadStripe ?? loadStripeJs;
  const t = options.t ?? ((title: string) => title);
  let stripe: Stripe | null = null;
  let elements: StripeElements | null = null;
  let paymentElement: StripePaymentElement | null = null;

  return {
    async mount(container) {
      if (!setup.publishableKey) throw new Error(t(LOAD_FAILED));
      stripe = await load(setup.publishableKey);
      if (!stripe) throw new Error(t(LOAD_FAILED));
      const elementsOptions: StripeElementsOptions = {
        mode: 'payment',
        amount: options.amountMinor,
        currency: options.currency.toLowerCase(),
        captureMethod: 'manual',
        locale: stripeLocaleOf(options.locale),
      };
      elements = stripe.elements(elementsOptions);
      paymentElement = elements.create('payment', { layout: 'tabs' });
      paymentElement.mount(container);
    },

    async confirm(intent): Promise<PaymentElementResult> {
      if (!stripe || !elements) return { status: 'failed', message: t(LOAD_FAILED) };
      const submitted = await elements.submit();
      if (submitted.error) return { status: 'failed', message: submitted.error.message ?? t(NOT_COMPLETED) };
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: intent.clientSecret,
        redirect: 'if_required',
        confirmParams: { return_url: options.returnUrl },
      });
      if (result.error) return { status: 'failed', message: result.error.message ?? t(NOT_COMPLETED) };
      if (result.paymentIntent.status === 'requires_capture') {
        return { status: 'authorized', intentId: result.paymentIntent.id };
      }
      return { status: 'failed', message: t(NOT_COMPLETED) };
    },

    async updateTotal(amountMinor) {
      await elements?.update({ amount: amountMinor });
    },

    destroy() {
      paymentElement?.destroy();
      paymentElement = null;
      elements = null;
    },
  };
}
