import { DEFAULT_RELATED_HEADING } from '@piste/core';
import { ProductCard } from './product-card';
import type { ProductCardView } from './product-card-view';
import type { CurrencyFormatView } from './product-view';
import styles from './product-grid.module.css';

interface ProductListSectionProps {
  products: ProductCardView[];
  currency: CurrencyFormatView | null;
  language: string;
  heading?: string;
}

/** A headed grid of product cards (related products); nothing at all when the list is empty (spec §4). */
export function ProductListSection({
  products,
  currency,
  language,
  heading = DEFAULT_RELATED_HEADING,
}: ProductListSectionProps) {
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="related-heading">
      <h2 id="related-heading" className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.grid}>
        {products.map((product) => (
          <li key={product.uid}>
            <ProductCard product={product} currency={currency} language={language} />
          </li>
        ))}
      </ul>
    </section>
  );
}
