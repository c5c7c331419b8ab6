import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { Notice } from './account-form';
import type { AccountNotice, OverviewView } from './account-view';
import { OrderList } from '../orders/order-list';
import styles from './account.module.css';

/**
 * Signed in, `/account` is the overview: who is signed in, their pro or employee standing
 * (pro expiry and this year's spend against the limit), recent orders and the default address.
 */
export function AccountOverview({ overview, notice }: { overview: OverviewView; notice: AccountNotice | null }) {
  const t = useDisplayText();
  const { pro } = overview;
  const fullName = `${overview.firstName} ${overview.lastName}`.trim();
  return (
    <div className={styles.page}>
      <header>
        <p className={styles.eyebrow}>{t('Your account')}</p>
        <h1 className={styles.heading}>{t('Hello, {name}', { name: overview.firstName })}</h1>
      </header>
      <Notice notice={notice} />

      <div className={styles.cards}>
        <section className={styles.panel} aria-labelledby="overview-profile">
          <div className={styles.panelHead}>
            <h2 id="overview-profile" className={styles.panelTitle}>
              {t('Profile')}
            </h2>
            <LocaleLink to="/account/profile" aria-label={t('Edit your profile')}>
              {t('Edit')}
            </LocaleLink>
          </div>
          <dl className={styles.details}>
            <div>
              <dt>{t('Name')}</dt>
              <dd>{fullName}</dd>
            </div>
            <div>
              <dt>{t('Email')}</dt>
              <dd>{overview.email}</dd>
            </div>
            {overview.company ? (
              <div>
                <dt>{t('Company')}</dt>
                <dd>{overview.company}</dd>
              </div>
            ) : null}
          </dl>
          {pro || overview.isEmployee ? (
            <ul className={styles.badges} aria-label={t('Account status')}>
              {pro ? <li className={styles.badge}>{t('Pro')}</li> : null}
              {overview.isEmployee ? (
                <li className={`${styles.badge} ${styles.badgeEmployee}`}>{t('Employee')}</li>
              ) : null}
            </ul>
          ) : null}
          {overview.isEmployee ? (
            <p className={styles.muted}>{t('Employee prices apply to everything you order.')}</p>
          ) : null}
        </section>

        {pro ? (
          <section className={styles.panel} aria-labelledby="overview-pro">
            <h2 id="overview-pro" className={styles.panelTitle}>
              {t('Pro programme')}
            </h2>
            <dl className={styles.details}>
              {pro.expiresOn ? (
                <div>
                  <dt>{t('Pro status until')}</dt>
                  <dd>{pro.expiresOn}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t('Spent this year')}</dt>
                <dd>
                  {t('{spent} of {limit}', {
                    spent: formatCurrency(pro.spent, pro.currency),
                    limit: formatCurrency(pro.limit, pro.currency),
                  })}
                </dd>
              </div>
            </dl>
            <span className={styles.meter} aria-hidden="true">
              <span className={styles.meterFill} style={{ width: `${pro.percent}%` }} />
            </span>
            <p className={styles.spendLeft}>
              {t('{left} left at pro prices this year.', { left: formatCurrency(pro.left, pro.currency) })}
            </p>
            <p className={`${styles.muted} ${styles.small}`}>{t('Pro prices apply up to your yearly spend limit.')}</p>
          </section>
        ) : null}

        <section className={styles.panel} aria-labelledby="overview-address">
          <div className={styles.panelHead}>
            <h2 id="overview-address" className={styles.panelTitle}>
              {t('Default address')}
            </h2>
            <LocaleLink to="/account/addresses">
              {overview.addressCount > 0 ? t('Manage addresses') : t('Add an address')}
            </LocaleLink>
          </div>
          {overview.defaultAddress ? (
            <address className={styles.address}>
              {overview.defaultAddress.lines.map((line, index) => (
                <span key={index}>{line}</span>
              ))}
              {overview.defaultAddress.phone ? <span>{overview.defaultAddress.phone}</span> : null}
            </address>
          ) : (
            <p className={styles.muted}>{t('You have no saved addresses yet.')}</p>
          )}
        </section>
      </div>

      <section className={styles.page} aria-labelledby="overview-orders">
        <div className={styles.panelHead}>
          <h2 id="overview-orders" className={styles.panelTitle}>
            {t('Recent orders')}
          </h2>
          {overview.orderCount > 0 ? (
            <LocaleLink to="/account/orders">
              {t('View all orders ({count})', { count: overview.orderCount })}
            </LocaleLink>
          ) : null}
        </div>
        {overview.recentOrders.length > 0 ? (
          <OrderList orders={overview.recentOrders} />
        ) : (
          <p className={styles.muted}>
            {t('You have not placed any orders yet.')} <LocaleLink to="/">{t('Start shopping')}</LocaleLink>
          </p>
        )}
      </section>
    </div>
  );
}
