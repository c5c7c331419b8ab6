import { LocaleLink } from '../../components/locale-link';
import { accountHeaders } from '../../features/account/account-headers';
import { loadOrdersPage } from '../../features/account/account-pages.server';
import { OrderList } from '../../features/orders/order-list';
import styles from '../../features/account/account.module.css';
import { pageTitle } from '../../lib/brand';
import { translateFrom, useDisplayText } from '../../lib/display-text';
import type { Route } from './+types/orders';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadOrdersPage(context, request, context.localeState);
}

export const headers: Route.HeadersFunction = accountHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [{ title: pageTitle(t('Orders')) }, { name: 'robots', content: 'noindex' }];
};

/** `/{lang}/account/orders` (spec §2, behind the auth middleware): every order, ten a page. */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useDisplayText();
  const { orders, page, pageCount, total } = loaderData;
  return (
    <div className={styles.page}>
      <header>
        <p className={styles.eyebrow}>{t('Your account')}</p>
        <h1 className={styles.heading}>{t('Orders')}</h1>
      </header>
      {orders.length > 0 ? (
        <OrderList orders={orders} />
      ) : (
        <p className={styles.muted}>
          {total > 0 ? t('There are no orders on this page.') : t('You have not placed any orders yet.')}{' '}
          <LocaleLink to={total > 0 ? '/account/orders' : '/'}>
            {total > 0 ? t('Back to your orders') : t('Start shopping')}
          </LocaleLink>
        </p>
      )}
      {pageCount > 1 ? (
        <nav aria-label={t('Pages')} className={styles.pagination}>
          {page > 1 ? (
            <LocaleLink to={`/account/orders?page=${page - 1}`} rel="prev">
              {t('Newer orders')}
            </LocaleLink>
          ) : (
            <span />
          )}
          <span className={styles.muted}>{t('Page {page} of {count}', { page, count: pageCount })}</span>
          {page < pageCount ? (
            <LocaleLink to={`/account/orders?page=${page + 1}`} rel="next">
              {t('Older orders')}
            </LocaleLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
