import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { createStripePaymentElement, stripeLocaleOf } from './stripe-payment-element';

const setup = { provider: 'stripe' as const, publishableKey: 'pk_test_51QpisteFixtureKey' };
const intent = { id: 'pi_3Qpiste', clientSecret: 'pi_3Qpiste_secret_abc' };
const container = {} as HTMLElement;

/** A stand-in for Stripe.js that records calls and answers confirmPayment as told. */
function fakeStripe(confirmAnswer: unknown, submitAnswer: unknown = { selectedPaymentMethod: 'card' }) {
  const paymentElement = { mount: vi.fn(), destroy: vi.fn() };
  const elements = {
    create: vi.fn(() => paymentElement),
    submit: vi.fn(async () => submitAnswer),
    update: vi.fn(async () => undefined),
  };
  const stripe = {
    elements: vi.fn(() => elements),
    confirmPayment: vi.fn(async () => confirmAnswer),
  };
  return {
    stripe,
    elements,
    paymentElement,
    loadStripe: vi.fn(async (): Promise<Stripe | null> => stripe as unknown as Stripe),
  };
}

function elementWith(fake: ReturnType<typeof fakeStripe>) {
  return createStripePaymentElement(setup, {
    amountMinor: 12_900,
    currency: 'EUR',
    returnUrl: 'https://shop.example/de-de/checkout',
    locale: 'de-de',
    t: (title) => `[de] ${title}`,
    loadStripe: fake.loadStripe,
  });
}

describe('Stripe payment element', () => {
  it('mounts the Payment Element for a manual-capture payment of the total, with the publishable key', async () => {
    const fake = fakeStripe({});
    await elementWith(fake).mount(container);

    expect(fake.loadStripe).toHaveBeenCalledWith(setup.publishableKey);
    expect(fake.stripe.elements).toHaveBeenCalledWith({
      mode: 'payment',
      amount: 12_900,
      currency: 'eur',
      captureMethod: 'manual',
      locale: 'de',
    });
    expect(fake.elements.create).toHaveBeenCalledWith('payment', { layout: 'tabs' });
    expect(fake.paymentElement.mount).toHaveBeenCalledWith(container);
  });

  it("confirms the server's intent in place and answers authorized when Stripe holds the money", async () => {
    const fake = fakeStripe({ paymentIntent: { id: intent.id, status: 'requires_capture' } });
    const element = elementWith(fake);
    await element.mount(container);

    await expect(element.confirm(intent)).resolves.toEqual({ status: 'authorized', intentId: intent.id });
    expect(fake.elements.submit).toHaveBeenCalledBefore(fake.stripe.confirmPayment);
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      clientSecret: intent.clientSecret,
      redirect: 'if_required',
      confirmParams: { return_url: 'https://shop.example/de-de/checkout' },
    });
  });

  it("answers failed with Stripe's own message when the card is declined or authentication fails", async () => {
    const fake = fakeStripe({
      error: { type: 'card_error', code: 'card_declined', message: 'Ihre Karte wurde abgelehnt.' },
    });
    const element = elementWith(fake);
    await element.mount(container);

    await expect(element.confirm(intent)).resolves.toEqual({
      status: 'failed',
      message: 'Ihre Karte wurde abgelehnt.',
    });
  });

  it('does not confirm when the form does not validate', async () => {
    const fake = fakeStripe(
      {},
      { error: { type: 'validation_error', message: 'Die Kartennummer ist unvollständig.' } },
    );
    const element = elementWith(fake);
    await element.mount(container);

    await expect(element.confirm(intent)).resolves.toEqual({
      status: 'failed',
      message: 'Die Kartennummer ist unvollständig.',
    });
    expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it('counts only an authorised intent as paid: one still processing is not', async () => {
    const fake = fakeStripe({ paymentIntent: { id: intent.id, status: 'processing' } });
    const element = elementWith(fake);
    await element.mount(container);

    const result = await element.confirm(intent);

    expect(result).toEqual({
      status: 'failed',
      message: expect.stringMatching(/^\[de\] The payment was not completed/),
    });
  });

  it('says the card form could not load when Stripe.js does not (no network, or a server render)', async () => {
    const fake = fakeStripe({});
    fake.loadStripe.mockResolvedValueOnce(null);
    const element = elementWith(fake);

    await expect(element.mount(container)).rejects.toThrow(/^\[de\] The card form could not be loaded/);
    await expect(element.confirm(intent)).resolves.toMatchObject({ status: 'failed' });
  });

  it('follows a new total and tears the element down', async () => {
    const fake = fakeStripe({});
    const element = elementWith(fake);
    await element.mount(container);

    await element.updateTotal(13_400);
    element.destroy();

    expect(fake.elements.update).toHaveBeenCalledWith({ amount: 13_400 });
    expect(fake.paymentElement.destroy).toHaveBeenCalled();
  });

  it("speaks the page's language in Stripe's locale names", () => {
    expect(['de-de', 'fr-ch', 'en-gb', 'en-us', 'it-it', 'xx-yy'].map(stripeLocaleOf)).toEqual([
      'de',
      'fr',
      'en-GB',
      'en',
      'it',
      'auto',
    ]);
  });
});
