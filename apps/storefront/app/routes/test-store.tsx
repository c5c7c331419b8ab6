import { formatCurrency } from '@piste/core';
import { LocaleLink } from '../components/locale-link';
import { PageIntro } from '../components/page-intro';
import { currencyFormatFor } from '../features/catalogue/currency.server';
import { PriceTag } from '../features/catalogue/price-tag';
import { loadSampleProductCards } from '../features/catalogue/product-card.server';
import { pageTitle } from '../lib/brand';
import { translateFrom, useDisplayText } from '../lib/display-text';
import styles from './test-store.module.css';
import type { Route } from './+types/test-store';

/** Enough products to see regular, sale and content prices side by side. */
const SAMPLE_SIZE = 8;
/** Products read to find the sample: some are not sold in every region. */
const CANDIDATES = 48;
/** The amount the currency format is shown with: thousands, decimals and rounding at once. */
const FORMAT_SAMPLE = 1234.567;

export async function loader({ context }: Route.LoaderArgs) {
  const { localeState, shopper } = context;
  const [currency, products] = await Promise.all([
    currencyFormatFor(context, shopper, localeState.locale),
    loadSampleProductCards(context, localeState, shopper, CANDIDATES),
  ]);
  return {
    localeState,
    commerceRegion: shopper.region,
    currency,
    products: products.slice(0, SAMPLE_SIZE),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  // A diagnostic page: never in search results.
  return [{ title: pageTitle(t('Test store')) }, { name: 'robots', content: 'noindex, nofollow' }];
};

/**
 * Spec §2 `/{lang}/test-store`: what the storefront resolved for this locale, for a merchant
 * checking a region: the locale state, the commerce region's currency format, and products
 * priced as shoppers here see them.
 */
export default function TestStorePage({ loaderData }: Route.ComponentProps) {
  const { localeState, commerceRegion, currency, products } = loaderData;
  const t = useDisplayText();
  const yesNo = (value: boolean) => (value ? t('Yes') : t('No'));
  const localeRows: Array<[string, string]> = [
    [t('Locale'), localeState.locale],
    [t('Country'), localeState.country],
    [t('Language'), localeState.language],
    [t('Content locale'), localeState.contentLocale],
    [t('Content region'), localeState.ctsRegion],
    [t('Commerce region'), localeState.bcRegion],
    [t('Price list region'), commerceRegion.priceListRegion],
    [t('Shopping region'), yesNo(localeState.shoppingRegion)],
    [t('EU country'), yesNo(localeState.eu)],
  ];
  const currencyRows: Array<[string, string]> = currency
    ? [
        [t('Symbol'), currency.token],
        [t('Symbol position'), currency.token_location === 'left' ? t('Before the amount') : t('After the amount')],
        [t('Decimal separator'), currency.decimal_token],
        [t('Thousands separator'), currency.thousands_token === ' ' ? t('Space') : currency.thousands_token],
        [t('Decimal places'), String(currency.decimal_places)],
        [t('Example'), formatCurrency(FORMAT_SAMPLE, currency)],
      ]
    : [];

  return (
    <>
      <PageIntro eyebrow={t('Internal')} title={t('Test store')}>
        {t('What the storefront resolved for this country and language, and the prices shoppers here see.')}
      </PageIntro>
      <div className={styles.panels}>
        <section aria-labelledby="locale-heading" className={styles.panel}>
          <h2 id="locale-heading">{t('Locale state')}</h2>
          <dl className={styles.facts}>
            {localeRows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>
                  <code>{value}</code>
                </dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="currency-heading" className={styles.panel}>
          <h2 id="currency-heading">{t('Currency')}</h2>
          {currency ? (
            <dl className={styles.facts}>
              {currencyRows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>
                    <code>{value}</code>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className={styles.warning}>
              {t('The store has no currency for this region: prices show in the default $ format.')}
            </p>
          )}
        </section>
      </div>
      <section aria-labelledby="products-heading" className={styles.products}>
        <h2 id="products-heading">{t('Prices in this region')}</h2>
        <p className={styles.note}>
          {t('Countries without a shop show the content price on cards instead of the commerce price.')}
        </p>
        {products.length > 0 ? (
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('Product')}</th>
                  <th scope="col">{t('Commerce price')}</th>
                  <th scope="col">{t('Content price')}</th>
                  <th scope="col">{t('Stock')}</th>
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <tr key={product.uid}>
                    <th scope="row">
                      <LocaleLink to={`/p/${product.uid}`}>{product.title}</LocaleLink>
                    </th>
                    <td>
                      <PriceTag price={product.price} salePrice={product.salePrice} currency={currency} />
                    </td>
                    <td>{product.displayPrice ?? '—'}</td>
                    <td>{product.inStock ? t('In stock') : t('Sold out')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className={styles.warning}>{t('No products are sold in this region.')}</p>
        )}
      </section>
    </>
  );
}
