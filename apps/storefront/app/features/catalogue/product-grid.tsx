import { useId, useRef } from 'react';
import { DEFAULT_RELATED_HEADING } from '@piste/core';
import { SLIDER_DEFAULTS, skeletonCount } from '../../lib/slider-config';
import { Slider, SliderPlaceholder } from '../../components/slider/slider';
import { useDisplayText } from '../../lib/display-text';
import { useListAnalytics, type AnalyticsList } from '../tracking/analytics';
import { ProductCard } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';
import type { ProductCardView } from './product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import { useListViewEvent } from './use-list-view-event';
import styles from './product-grid.module.css';

interface ProductListSectionProps {
  products: ProductCardView[];
  currency: CurrencyFormatView | null;
  language: string;
  heading?: string;
  /** Names the list in analytics events; none, no events. */
  list?: AnalyticsList;
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
  list,
}: ProductListSectionProps) {
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const analytics = useListAnalytics(list);
  useListViewEvent(sectionRef, products, analytics.enabled, analytics.viewed);
  if (products.length === 0) return null;
  return (
    <section ref={sectionRef} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <Slider
        label={heading}
        className={styles.productSlider}
        autoplayDelayMs={SLIDER_DEFAULTS.autoplay.delay}
        slides={products.map((product) => (
          <ProductCard
            key={product.uid}
            product={product}
            currency={currency}
            language={language}
            onOpen={() => analytics.selected(product)}
          />
        ))}
      />
    </section>
  );
}

/**
 * A product slider whose products are still loading (spec §2 'Product grid and slider',
 * §9 "Grid skeleton shows 6 items (4 in a slider)"): the section, heading and slider frame of
 * ProductListSection with skeleton cards, so the loaded list replaces it without a shift.
 * The heading shows 'Loading' until the list's own heading is known.
 */
export function ProductSliderSkeleton({ heading }: { heading?: string }) {
  const t = useDisplayText();
  return (
    <section className={styles.section} aria-busy="true" aria-label={t('Loading products')}>
      <p className={`${styles.heading} ${styles.headingSkeleton}`} aria-hidden="true">
        {heading ?? t('Loading')}
      </p>
      <SliderPlaceholder
        className={styles.productSlider}
        slides={Array.from({ length: skeletonCount({ inSlider: true }) }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      />
    </section>
  );
}
