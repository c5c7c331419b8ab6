import { useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import { ProductListSection, ProductSliderSkeleton } from '../features/catalogue/product-grid';
import { Banner } from '../features/content/banner';
import { RichText } from '../features/content/rich-text';
import type { ErrorPageContentView } from '../features/error-page/error-page-content-view';
import { useDisplayText } from '../lib/display-text';
import { describeError, rawErrorText } from '../features/error-page/error-status';
import { useLocalizePath } from '../lib/locale';
import styles from './error-page.module.css';

const HEADINGS = {
  'not-found': 'Page not found',
  'product-unavailable': 'This product is no longer available',
  'card-refused': 'This shop takes no card numbers',
  broken: 'Oops! Something Broke',
} as const;

const MESSAGES = {
  'not-found':
    'The page you are looking for has moved, or never existed. Check the address, or start again from the homepage.',
  'product-unavailable':
    'We have retired this product. Our current range carries its successors — have a look around the shop.',
  'card-refused':
    "Card numbers are never sent to this shop: type your card in the payment provider's card form. Please go back and remove it.",
  broken: 'Something went wrong on our side while loading this page. Please try again in a moment.',
} as const;

/**
 * The 404 page's content-managed part (spec §2: "an optional header, a banner (only when it
 * has a call to action), main content with a link, and a product list headed by the
 * product_header text"), loaded after hydration so every plain 404 gets it.
 */
function NotFoundContent() {
  const localize = useLocalizePath();
  const content = useFetcher<ErrorPageContentView>();
  useEffect(() => {
    if (content.state === 'idle' && !content.data) void content.load(localize('/error-page-content'));
  }, [content, localize]);
  const view = content.data;
  // Its recommendations slider holds its place with skeleton cards while the content loads.
  if (!view) return <ProductSliderSkeleton />;
  if (!view.copy) return null;
  const { copy } = view;
  return (
    <div className={styles.content}>
      {copy.header ? <h2 className={styles.contentHeader}>{copy.header}</h2> : null}
      {copy.banner ? <Banner banner={copy.banner} /> : null}
      <RichText html={copy.mainContentHtml} className={styles.message} />
      <div className={styles.recommendations}>
        <ProductListSection
          products={view.products}
          currency={view.currency}
          language={view.language}
          heading={copy.productHeader}
        />
      </div>
    </div>
  );
}

/** The page shown in place of the app when a route fails (spec §2 'Error page'). */
export function ErrorPage({ error }: { error: unknown }) {
  const t = useDisplayText();
  const model = describeError(error);
  const copy = model.errorPage?.copy;
  const unavailable = model.kind === 'product-unavailable' && copy;
  const raw = import.meta.env.DEV ? rawErrorText(error) : null;
  return (
    <section className={styles.errorPage} aria-labelledby="error-heading">
      <p className={styles.status}>{t('Error {status}', { status: model.status })}</p>
      <h1 id="error-heading" className={styles.heading}>
        {unavailable ? copy.productRecommendation.header : t(HEADINGS[model.kind])}
      </h1>
      {unavailable ? (
        <RichText html={copy.productRecommendation.mainContentHtml} className={styles.message} />
      ) : (
        <p className={styles.message}>{t(MESSAGES[model.kind])}</p>
      )}
      {/* A full page load, so the server's locale rules pick the visitor's home. */}
      <Link to="/" reloadDocument className={styles.homeLink}>
        {copy?.linkText || t('Return to homepage')}
      </Link>
      {model.errorPage ? (
        <div className={styles.recommendations}>
          <ProductListSection
            products={model.errorPage.products}
            currency={model.errorPage.currency}
            language={model.errorPage.language}
            heading={copy?.productHeader || t('You might like')}
          />
        </div>
      ) : null}
      {model.kind === 'not-found' ? <NotFoundContent /> : null}
      {raw ? <pre className={styles.rawError}>{raw}</pre> : null}
    </section>
  );
}
