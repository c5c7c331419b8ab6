import { ErrorSummary } from '../../components/form/error-summary';
import { useDisplayText } from '../../lib/display-text';
import type { HostedCheckoutRefusal } from './hosted-checkout.server';
import styles from '../../routes/checkout.module.css';

/**
 * The checkout page when the platform's hosted checkout refused the cart (a pro past their
 * spend limit): the message our own checkout shows for it, with the way back to the cart.
 */
export function HostedCheckoutRefused({ refusal }: { refusal: HostedCheckoutRefusal }) {
  const t = useDisplayText();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Checkout page')}</h1>
      <ErrorSummary<never>
        focusOn={refusal}
        title="Please check your order"
        message={refusal.message}
        cartLink={refusal.cartLink}
        errors={{}}
        fieldLabel={() => ''}
        fieldId={() => ''}
      />
    </div>
  );
}
