import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDisplayText } from '../../lib/display-text';
import { useLocaleState } from '../../lib/locale';
import type { CheckoutPageData } from './checkout-view';
import type { PaymentElement, PaymentElementSetup, PaymentElementTotal } from './payment/payment-element';
import { createPaymentElement } from './payment/payment-elements';
import styles from './checkout-form.module.css';

interface PaymentFieldsProps {
  setup: PaymentElementSetup | null;
  testCards: CheckoutPageData['testCards'];
  /** Changes when a payment was refused or released after confirming: the element starts afresh. */
  resetKey: number;
  /** The element, once mounted (null while it loads, or when it cannot). */
  onElement: (element: PaymentElement | null) => void;
  /** Enter inside the element: the form is submitted as by its 'Place order' button. */
  onSubmit: () => void;
  /** The order's total as quoted now (the cart's before a quote); null when the currency is unknown. */
  total: PaymentElementTotal | null;
}

type ElementState = 'loading' | 'ready' | 'unavailable';

/** Whether the browser loaded the document for this page (not for another, then navigated here by script). */
function loadedAsThisPage(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return !entry || new URL(entry.name).pathname === window.location.pathname;
}

/**
 * The payment section (docs/checkout.md 'Payments'): the provider's card element, in its own
 * frame on its own origin, so the card never passes through this page or our server (issue 28).
 * Without JavaScript there is no element: the section says paying needs it.
 */
export function PaymentFields({ setup, testCards, resetKey, onElement, onSubmit, total }: PaymentFieldsProps) {
  const t = useDisplayText();
  const { locale } = useLocaleState();
  const containerRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ElementState>('loading');
  // The latest handlers, without mounting the element again when the page re-renders.
  const tellElement = useEffectEvent(onElement);
  const submitForm = useEffectEvent(onSubmit);
  const title = t('Card details, with our payment provider');
  // The total the element mounts with; later totals reach it through updateTotal, not a remount.
  const currentTotal = useEffectEvent(() => total);
  // The texts the element mounts with: revalidated page data must not remount it (the typed card stays).
  const currentTexts = useEffectEvent(() => t);
  const mounted = useRef<PaymentElement | null>(null);
  const amountMinor = total?.amountMinor;
  useEffect(() => {
    if (amountMinor !== undefined) void mounted.current?.updateTotal?.(amountMinor).catch(() => undefined);
  }, [amountMinor]);

  // By value: the page's data is new after each revalidation, and the typed card must stay.
  const provider = setup?.provider;
  const elementUrl = setup?.elementUrl;
  const publishableKey = setup?.publishableKey;

  useEffect(() => {
    const container = containerRef.current;
    // The checkout page's own policy lets it frame the provider, but a document keeps the policy
    // it was loaded with: reached by a client-side navigation (a sign-in's way back), it is
    // loaded again as the checkout page.
    if (provider && !loadedAsThisPage()) {
      window.location.reload();
      return;
    }
    if (!provider || !container) {
      setState('unavailable');
      return;
    }
    let element: PaymentElement | null = null;
    let cancelled = false;
    setState('loading');
    const mountTotal = currentTotal() ?? { amountMinor: 0, currency: '' };
    createPaymentElement(
      { provider, elementUrl, publishableKey },
      {
        locale,
        title,
        onSubmit: () => submitForm(),
        total: mountTotal,
        returnUrl: window.location.href,
        t: currentTexts(),
      },
    )
      .then(async (created) => {
        if (cancelled || !created) {
          if (!created && !cancelled) setState('unavailable');
          return;
        }
        element = created;
        await created.mount(container);
        if (cancelled) return;
        setState('ready');
        mounted.current = created;
        tellElement(created);
      })
      .catch(() => !cancelled && setState('unavailable'));
    return () => {
      cancelled = true;
      element?.destroy();
      mounted.current = null;
      tellElement(null);
    };
  }, [provider, elementUrl, publishableKey, locale, title, resetKey]);

  return (
    <section className={styles.section} aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className={styles.sectionTitle}>
        {t('Payment')}
      </h2>
      {setup?.provider === 'test' ? (
        <div className={styles.testCards}>
          <p>
            {t(
              'This demo shop takes no real payments. Use one of these test cards with any future expiry date and any three-digit security code:',
            )}
          </p>
          <dl>
            <div>
              <dt>
                <code>{testCards.authorises}</code>
              </dt>
              <dd>{t('Payment succeeds')}</dd>
            </div>
            <div>
              <dt>
                <code>{testCards.needsAuthentication}</code>
              </dt>
              <dd>{t('Your bank asks you to confirm the payment')}</dd>
            </div>
            <div>
              <dt>
                <code>{testCards.declines}</code>
              </dt>
              <dd>{t('Card declined')}</dd>
            </div>
            <div>
              <dt>
                <code>{testCards.insufficientFunds}</code>
              </dt>
              <dd>{t('Insufficient funds')}</dd>
            </div>
          </dl>
        </div>
      ) : null}
      <noscript>
        <p className={styles.paymentNotice}>
          {t(
            "Paying needs JavaScript: the card form is our payment provider's, so that your card number never reaches this shop. Turn JavaScript on to place your order.",
          )}
        </p>
      </noscript>
      <p className={styles.note}>{t('Your card details go straight to our payment provider, never to this shop.')}</p>
      {state === 'unavailable' ? (
        <p className={styles.paymentNotice} role="alert">
          {t('The payment form could not load. Reload the page or try again later.')}
        </p>
      ) : null}
      <div ref={containerRef} className={styles.paymentElement} data-state={state} />
    </section>
  );
}
