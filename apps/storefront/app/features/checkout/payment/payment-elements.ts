import type { PaymentElement, PaymentElementOptions, PaymentElementSetup } from './payment-element';

type ElementFactory = (setup: PaymentElementSetup, options: PaymentElementOptions) => PaymentElement;

/**
 * Each provider's element, by `setup.provider`, loaded only on the checkout page and only for
 * the provider the shop runs. A provider is added here with its element's factory.
 */
const ELEMENTS: Partial<Record<PaymentElementSetup['provider'], () => Promise<ElementFactory>>> = {
  test: () => import('./test-payment-element').then((module) => module.createTestPaymentElement),
  stripe: () =>
    import('./stripe-payment-element').then(
      (module): ElementFactory =>
        (setup, { locale, total, returnUrl, t }) =>
          module.createStripePaymentElement(
            { provider: 'stripe', publishableKey: setup.publishableKey },
            { locale, amountMinor: total.amountMinor, currency: total.currency, returnUrl, t },
          ),
    ),
};

/** The element for the shop's provider; null when this build has none for it. */
export async function createPaymentElement(
  setup: PaymentElementSetup,
  options: PaymentElementOptions,
): Promise<PaymentElement | null> {
  const factory = await ELEMENTS[setup.provider]?.();
  return factory ? factory(setup, options) : null;
}
