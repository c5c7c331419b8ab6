import { useDisplayText } from '../../lib/display-text';
import { MAX_LENGTH, fieldId, fieldLabel, type EchoedValues, type FieldErrors } from './checkout-fields';
import type { CheckoutPageData } from './checkout-view';
import { TextField } from '../../components/form/form-field';
import styles from './checkout-form.module.css';

interface PaymentFieldsProps {
  values: Pick<EchoedValues, 'expiry' | 'holderName'>;
  errors: FieldErrors;
  /** Changes when the card was refused: the number and security code are then typed again. */
  resetKey: number;
  testCards: CheckoutPageData['testCards'];
}

/** The card, paid through the engine's test provider (docs/checkout.md), whose test numbers the note names. */
export function PaymentFields({ values, errors, resetKey, testCards }: PaymentFieldsProps) {
  const t = useDisplayText();
  const field = (name: 'card_number' | 'expiry' | 'cvc' | 'holder_name') => ({
    name,
    id: fieldId(name),
    label: t(fieldLabel(name).label),
    error: errors[name],
  });
  return (
    <section className={styles.section} aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" className={styles.sectionTitle}>
        {t('Payment')}
      </h2>
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
      <div className={styles.card}>
        <TextField
          key={`number-${resetKey}`}
          {...field('card_number')}
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={MAX_LENGTH.card_number}
          required
          className={styles.wide}
        />
        <TextField
          {...field('expiry')}
          defaultValue={values.expiry}
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={MAX_LENGTH.expiry}
          required
        />
        <TextField
          key={`cvc-${resetKey}`}
          {...field('cvc')}
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={MAX_LENGTH.cvc}
          required
        />
        <TextField
          {...field('holder_name')}
          defaultValue={values.holderName}
          autoComplete="cc-name"
          maxLength={MAX_LENGTH.holder_name}
          required
          className={styles.wide}
        />
      </div>
    </section>
  );
}
