import { Link } from 'react-router';
import { ProductListSection } from '../features/catalogue/product-grid';
import { describeError } from '../lib/error-status';
import styles from './error-page.module.css';

const HEADINGS = {
  'not-found': 'Page not found',
  'product-unavailable': 'This product is no longer available',
  broken: 'Oops! Something Broke',
} as const;

const MESSAGES = {
  'not-found':
    'The page you are looking for has moved, or never existed. Check the address, or start again from the homepage.',
  'product-unavailable':
    'We have retired this product. Our current range carries its successors — have a look around the shop.',
  broken: 'Something went wrong on our side while loading this page. Please try again in a moment.',
} as const;

/** The page shown in place of the app when a route fails (spec §2 'Error page'). */
export function ErrorPage({ error }: { error: unknown }) {
  const model = describeError(error);
  return (
    <section className={styles.errorPage} aria-labelledby="error-heading">
      <p className={styles.status}>Error {model.status}</p>
      <h1 id="error-heading" className={styles.heading}>
        {HEADINGS[model.kind]}
      </h1>
      <p className={styles.message}>{MESSAGES[model.kind]}</p>
      {/* A full page load, so the server's locale rules pick the visitor's home. */}
      <Link to="/" reloadDocument className={styles.homeLink}>
        Return to homepage
      </Link>
      {model.recommendations ? (
        <div className={styles.recommendations}>
          <ProductListSection
            products={model.recommendations.products}
            currency={model.recommendations.currency}
            language={model.recommendations.language}
            heading="You might like"
          />
        </div>
      ) : null}
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className={styles.rawError}>{error.stack ?? error.message}</pre>
      ) : null}
    </section>
  );
}
