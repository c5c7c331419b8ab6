import { useId } from 'react';
import { DEFAULT_RELATED_HEADING, SLIDER_DEFAULTS } from '@piste/core';
import { Slider } from '../../components/slider/slider';
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

/**
 * A headed product slider (related products, recommendations): 1 card per view below 600 px,
 * 2 from 600, 4 from 900, autoplaying (spec §9). Nothing at all when the list is empty (spec §4
 * 'Related list').
 */
export function ProductListSection({
  products,
  currency,
  language,
  heading = DEFAULT_RELATED_HEADING,
}: ProductListSectionProps) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <Slider
        label={heading}
        className={styles.productSlider}
        autoplayDelayMs={SLIDER_DEFAULTS.autoplay.delay}
        slides={products.map((product) => (
          <ProductCard key={product.uid} product={product} currency={currency} language={language} />
        ))}
      />
    </section>
  );
}
