import { useState } from 'react';
import { Form } from 'react-router';
import { formatCurrency } from '@piste/core';
import { useDisplayText } from '../../lib/display-text';
import { ErrorSummary } from '../../components/form/error-summary';
import { TextField } from '../../components/form/form-field';
import { BotCheck } from '../bot-check/bot-check';
import { AddressFields } from './address-fields';
import { emptyAddress, fieldId, MAX_LENGTH, summaryLabel } from './checkout-fields';
import type { CheckoutAnswer, CheckoutPageData } from './checkout-view';
import { PaymentFields } from './payment-fields';
import { paymentFailureMessage } from './payment/payment-messages';
import type { PaymentFlow } from './use-payment-flow';
import { SavedAddressChoice } from './saved-address-choice';
import { ShippingMethods } from './shipping-methods';
import type { CheckoutQuoteState } from './use-checkout-quote';
import styles from './checkout-form.module.css';

interface CheckoutFormProps {
  page: CheckoutPageData;
  /** The answer to the form's last submission, when it did not become an order. */
  submitted: CheckoutAnswer | undefined;
  checkout: CheckoutQuoteState;
  payment: PaymentFlow;
}

/**
 * Contact, shipping address and method, billing address and the payment provider's card
 * element, then 'Place order', which pays first (use-payment-flow.ts). The form posts to the
 * page's action: the browser's own checks are off (noValidate), so every shopper gets the same
 * error summary from the server. Without JavaScript the form still quotes shipping, but paying
 * needs the provider's element, which the payment section says.
 */
export function CheckoutForm({ page, submitted, checkout, payment }: CheckoutFormProps) {
  const t = useDisplayText();
  const values = (submitted ?? page).values;
  const { destinations, currency } = page;
  const { quote, errors } = checkout;
  const [billingCountry, setBillingCountry] = useState(values.billing.country_iso2);
  const [billingState, setBillingState] = useState(values.billing.state);
  // The address book's choice fills the shipping fields: a new key re-mounts them with its values.
  const [addressChoice, setAddressChoice] = useState({ id: values.shippingAddressId, values: values.shipping, key: 0 });
  const chooseAddress = (id: string) => {
    const saved = page.savedAddresses.find((address) => address.id === id);
    const filled = saved?.values ?? emptyAddress(checkout.country);
    setAddressChoice((current) => ({ id, values: filled, key: current.key + 1 }));
    checkout.changeDestination(filled.country_iso2, filled.state);
  };
  const { attachForm, onSubmit, requestPlace, setElement, lastAnswer, busy } = payment;
  // The element's refusal: set after the last answer (a new payment clears it).
  const { failure } = payment;
  const paymentRefused = failure !== null;
  const problem = paymentRefused ? paymentFailureMessage(failure.code) : (submitted?.message ?? null);
  const showSummary =
    paymentRefused || (submitted !== undefined && (problem !== null || Object.keys(errors).length > 0));

  return (
    <Form method="post" noValidate className={styles.form} ref={attachForm} onSubmit={onSubmit}>
      <input type="hidden" name="idempotency_key" value={page.idempotencyKey} />
      {showSummary ? (
        <ErrorSummary
          // After a failed payment or order, focus goes to the summary of what to fix.
          focusOn={paymentRefused ? failure : submitted?.intent !== 'quote' ? submitted : undefined}
          title="Please check your order"
          message={problem}
          cartLink={!paymentRefused && (submitted?.cartLink ?? false)}
          errors={paymentRefused ? {} : errors}
          fieldLabel={summaryLabel}
          fieldId={fieldId}
        />
      ) : null}

      <section className={styles.section} aria-labelledby="checkout-contact-title">
        <h2 id="checkout-contact-title" className={styles.sectionTitle}>
          {t('Contact')}
        </h2>
        <TextField
          name="email"
          id={fieldId('email')}
          label={t('Email')}
          hint={t('For your order confirmation and shipping updates.')}
          error={errors.email}
          type="email"
          defaultValue={values.email}
          autoComplete="email"
          maxLength={MAX_LENGTH.email}
          required
        />
      </section>

      <section className={styles.section} aria-labelledby="checkout-shipping-title">
        <h2 id="checkout-shipping-title" className={styles.sectionTitle}>
          {t('Shipping address')}
        </h2>
        {page.savedAddresses.length > 0 ? (
          <input type="hidden" name="shipping_address_filled" value={addressChoice.id} />
        ) : null}
        {page.savedAddresses.length > 0 ? (
          <SavedAddressChoice
            addresses={page.savedAddresses}
            chosenId={addressChoice.id}
            onChoose={chooseAddress}
            error={errors.shipping_address_id}
          />
        ) : null}
        <AddressFields
          key={addressChoice.key}
          kind="shipping"
          values={addressChoice.values}
          countries={destinations.shippingCountries}
          states={destinations.states}
          country={checkout.country}
          state={checkout.state}
          onCountryChange={checkout.changeCountry}
          onStateChange={checkout.changeState}
          errors={errors}
        />
      </section>

      <ShippingMethods
        quote={quote}
        selectedId={checkout.methodId}
        onSelect={checkout.changeMethod}
        needsState={checkout.needsState}
        pending={checkout.pending}
        error={errors.shipping_method_id}
        currency={currency}
      />

      <section className={`${styles.section} ${styles.billing}`} aria-labelledby="checkout-billing-title">
        <h2 id="checkout-billing-title" className={styles.sectionTitle}>
          {t('Billing address')}
        </h2>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            name="billing_same"
            className={styles.sameAsShipping}
            defaultChecked={values.billingSameAsShipping}
          />
          {t('Same as shipping address')}
        </label>
        {/* Shown by CSS when the box is unticked, so it works without JavaScript too. */}
        <div className={styles.billingFields}>
          <AddressFields
            kind="billing"
            values={values.billing}
            countries={destinations.billingCountries}
            states={destinations.states}
            country={billingCountry}
            state={billingState}
            onCountryChange={(code) => {
              setBillingCountry(code);
              setBillingState('');
            }}
            onStateChange={setBillingState}
            errors={errors}
          />
        </div>
      </section>

      <PaymentFields
        setup={page.payment}
        testCards={page.testCards}
        resetKey={submitted?.paymentFailed ? submitted.answeredAt : 0}
        onElement={setElement}
        onSubmit={requestPlace}
        total={
          currency
            ? {
                amountMinor: Math.round((quote?.total ?? page.subtotal) * 10 ** currency.decimal_places),
                currency: currency.currency_code,
              }
            : null
        }
      />

      <BotCheck action="checkout" resetKey={lastAnswer ?? submitted} />
      <div className={styles.place}>
        {quote ? (
          <p className={styles.payTotal}>
            <span>{t('Total')}</span> <strong>{formatCurrency(quote.total, currency)}</strong>
          </p>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="place"
          className={`button-primary ${styles.placeButton}`}
          disabled={busy}
        >
          {busy ? t('Placing your order…') : t('Place order')}
        </button>
      </div>
    </Form>
  );
}
