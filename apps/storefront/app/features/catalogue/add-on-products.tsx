import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ADD_ON_LIST_ID } from '@piste/core';
import { Image } from '../../components/image';
import { CARD_BACKGROUND, PRODUCT_CARD_SIZES } from '@piste/media';
import { PriceTag } from './price-tag';
import type { ProductCardView } from './product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import { useListAnalytics } from '../tracking/analytics';
import { useDisplayText } from '../../lib/display-text';
import { useListViewEvent } from './use-list-view-event';
import styles from './add-on-products.module.css';

// Behind a click on an add-on: a product page whose add-ons nobody opens never downloads the modal.
const QuickAddModal = lazy(() => import('./quick-add-modal').then((module) => ({ default: module.QuickAddModal })));

interface AddOnProductsProps {
  heading: string;
  products: ProductCardView[];
  currency: CurrencyFormatView | null;
  /** Uids of the products the shopper's cart holds. */
  inCart: ReadonlySet<string>;
}

/**
 * The add-on list (spec §9 list id `add_on_products`): cards without tags (spec §4 'Tags':
 * add-on grids show no tag) whose image opens the quick-add modal. The image shows an add or
 * remove icon by selection, and closing the modal clears the selection (spec §4 'Product card').
 */
export function AddOnProducts({ heading, products, currency, inCart }: AddOnProductsProps) {
  const t = useDisplayText();
  const headingId = useId();
  const [selected, setSelected] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const analytics = useListAnalytics({ id: ADD_ON_LIST_ID, name: heading });
  useListViewEvent(sectionRef, products, analytics.enabled, analytics.viewed);
  if (products.length === 0) return null;
  const selectedProduct = products.find((product) => product.uid === selected);
  return (
    <section ref={sectionRef} className={styles.section} aria-labelledby={headingId} id={ADD_ON_LIST_ID}>
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      <ul className={styles.grid}>
        {products.map((product) => {
          const image = product.colours[0]?.image;
          const isSelected = product.uid === selected;
          return (
            <li key={product.uid} className={styles.card}>
              <button
                type="button"
                className={styles.imageButton}
                aria-label={`${t('Quick add')}: ${product.title}`}
                aria-haspopup="dialog"
                aria-pressed={isSelected}
                onClick={() => {
                  if (!isSelected) analytics.selected(product);
                  setSelected(isSelected ? null : product.uid);
                }}
              >
                {image ? <Image filename={image} sizes={[...PRODUCT_CARD_SIZES]} bg={CARD_BACKGROUND} alt="" /> : null}
                <span className={styles.icon} aria-hidden="true">
                  {isSelected ? '−' : '+'}
                </span>
              </button>
              <h3 className={styles.title}>{product.title}</h3>
              <p className={styles.price}>
                {product.displayPrice ?? (
                  <PriceTag
                    price={product.price}
                    salePrice={product.salePrice}
                    calculatedPrice={product.calculatedPrice}
                    shopperGroup={product.shopperGroup}
                    currency={currency}
                  />
                )}
              </p>
              {inCart.has(product.uid) ? <p className={styles.added}>{t('Added to cart')}</p> : null}
            </li>
          );
        })}
      </ul>
      {selectedProduct ? (
        <Suspense fallback={null}>
          <QuickAddModal product={selectedProduct} currency={currency} onClose={() => setSelected(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
