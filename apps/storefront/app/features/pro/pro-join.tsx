import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import styles from './pro.module.css';

/**
 * What the programme gives (docs/accounts.md 'Pro programme'), for the programme page when
 * content has no page of its own.
 */
export function ProProgrammeFacts() {
  const t = useDisplayText();
  return (
    <ul className={styles.factList}>
      <li>
        <strong>{t('Group prices.')}</strong>{' '}
        {t('Your pro group’s discount applies to every product, shown as your pro price once you are signed in.')}
      </li>
      <li>
        <strong>{t('A yearly spend limit.')}</strong>{' '}
        {t('Each calendar year you can order up to your spend limit at pro prices; the Pro Club shows what is left.')}
      </li>
      <li>
        <strong>{t('An expiry date.')}</strong>{' '}
        {t('Pro status lasts until the date your code gives; then your account returns to regular prices.')}
      </li>
    </ul>
  );
}

/** How to join: add a code to an account, or open a pro account with one. */
export function ProJoinOptions({ signedIn }: { signedIn: boolean }) {
  const t = useDisplayText();
  return (
    <section className={styles.panel} aria-labelledby="pro-join-title">
      <h2 id="pro-join-title" className={styles.panelTitle}>
        {t('How to join')}
      </h2>
      <p className={styles.note}>{t('You need a pro code from Piste or your organisation.')}</p>
      <div className={styles.options}>
        <div className={styles.option}>
          <h3 className={styles.optionTitle}>{signedIn ? t('Add your pro code') : t('Already shop with us?')}</h3>
          <p>
            {signedIn
              ? t('Enter your pro code and your account switches to pro prices straight away.')
              : t('Sign in and add your pro code to your account.')}
          </p>
          <LocaleLink to="/pro/signup" className="button-primary">
            {t('Add a pro code')}
          </LocaleLink>
        </div>
        {signedIn ? null : (
          <div className={styles.option}>
            <h3 className={styles.optionTitle}>{t('New to Piste?')}</h3>
            <p>{t('Create a pro account with your pro code in one step.')}</p>
            <LocaleLink to="/pro/create" className="button-secondary">
              {t('Create a pro account')}
            </LocaleLink>
          </div>
        )}
      </div>
    </section>
  );
}
