import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import type { ProSpendView } from '@piste/commerce';
import type { MembershipView } from './pro-view';
import styles from './pro.module.css';

/** This year's spend against the limit: a bar for the eye, and the same in words for everyone. */
export function SpendMeter({ spend }: { spend: ProSpendView }) {
  const t = useDisplayText();
  return (
    <div className={styles.spend}>
      <p className={styles.spendFigures}>
        <strong>{spend.spentText}</strong>{' '}
        {t('of {limit} spent in {year}', { limit: spend.limitText, year: spend.year })}
      </p>
      <div className={spend.reached ? `${styles.bar} ${styles.barFull}` : styles.bar} aria-hidden="true">
        <span className={styles.barFill} style={{ width: `${spend.percent}%` }} />
      </div>
      <p className={spend.reached ? styles.spendReached : styles.spendLeft}>
        {spend.reached
          ? t('You have reached your pro spend limit for {year}.', { year: spend.year })
          : t('{left} left at pro prices this year.', { left: spend.leftText })}
      </p>
    </div>
  );
}

/** The status line of a member: a pro, an employee, or both. */
export function MembershipBadge({ membership }: { membership: MembershipView }) {
  const t = useDisplayText();
  return (
    <p className={styles.badges}>
      {membership.isPro ? <span className={styles.badge}>{t('Pro member')}</span> : null}
      {membership.isEmployee ? (
        <span className={`${styles.badge} ${styles.badgeEmployee}`}>{t('Employee pricing')}</span>
      ) : null}
    </p>
  );
}

interface MembershipDetailsProps {
  membership: MembershipView;
  /** A short version (the programme page): status, discount and expiry, with a link to the club. */
  compact?: boolean;
}

/**
 * A member's programme status (docs/accounts.md 'Pro programme'): their pro region, expiry date,
 * group discount and spend this year against their limit; employees see that employee pricing
 * applies.
 */
export function MembershipDetails({ membership, compact = false }: MembershipDetailsProps) {
  const t = useDisplayText();
  const { isPro, isEmployee, discountPercent } = membership;
  return (
    <div className={styles.membership}>
      <MembershipBadge membership={membership} />
      <dl className={styles.facts}>
        {membership.regionLabel ? (
          <div>
            <dt>{t('Pro region')}</dt>
            <dd>{t(membership.regionLabel)}</dd>
          </div>
        ) : null}
        {discountPercent !== null ? (
          <div>
            <dt>{isEmployee ? t('Employee discount') : t('Group discount')}</dt>
            <dd>{t('{percent}% off list prices', { percent: discountPercent })}</dd>
          </div>
        ) : null}
        {membership.expiresOn && membership.expiresLabel ? (
          <div>
            <dt>{t('Pro status until')}</dt>
            <dd>
              <time dateTime={membership.expiresOn}>{membership.expiresLabel}</time>
              {membership.expiresSoon ? <span className={styles.soon}> {t('Ends soon')}</span> : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {isPro && membership.spend && !compact ? <SpendMeter spend={membership.spend} /> : null}
      {isPro && !membership.spend && !compact ? (
        <p className={styles.note}>{t('Online pro orders are not available in your country.')}</p>
      ) : null}
      {isEmployee && !compact ? (
        <p className={styles.employeeNote}>
          {t(
            'You are signed in as a Piste employee: employee pricing applies to your account. Employee purchases are for your own use.',
          )}
        </p>
      ) : null}
      {isPro && membership.expiresSoon && !compact ? (
        <p className={styles.note}>
          {t('Renew before your pro status ends:')}{' '}
          <LocaleLink to="/pro/signup">{t('add your new pro code')}</LocaleLink>
        </p>
      ) : null}
      {compact ? (
        <p className={styles.actions}>
          <LocaleLink to="/proclub" className={styles.accentButton}>
            {t('Go to the Pro Club')}
          </LocaleLink>
        </p>
      ) : null}
    </div>
  );
}
