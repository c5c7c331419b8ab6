import { useState } from 'react';
import { colourQueryValue, productTag, showContentSwatches, visibleSwatches } from '@piste/core';
import { Image } from '../../components/image';
import { LocaleLink } from '../../components/locale-link';
import { CARD_BACKGROUND, PRODUCT_CARD_SIZES } from '@piste/media';
import { PriceTag } from './price-tag';
import { ProductTagBadge } from './product-tag-badge';
import type { ProductCardView } from './product-card-view';
import type { CurrencyFormatView } from '../../lib/money';
import { useDisplayText } from '../../lib/display-text';
import { SwatchPicker } from './swatch-picker';
import styles from './product-card.module.css';

interface ProductCardProps {
  product: ProductCardView;
  currency: CurrencyFormatView | null;
  language: string;
  /** The first cards of a page are above the fold: their images load eagerly. */
  priority?: boolean;
  /** The viewer is a pro (spec §4 'Tags': no sale tag); cards priced for a pro say so themselves too. */
  isPro?: boolean;
  /** Told when the shopper follows the card's link (analytics `select_item`). */
  onOpen?: () => void;
}

/**
 * Spec §4 'Product card': the selected colour starts as the first option; hover, click or
 * Enter on a swatch selects it and swaps the image; the link carries `?colour=`.
 */
export function ProductCard({
  product,
  currency,
  language,
  priority = false,
  isPro = false,
  onOpen,
}: ProductCardProps) {
  const t = useDisplayText();
  const [selected, setSelected] = useState(product.colours[0]?.label ?? '');
  const colour = product.colours.find((candidate) => candidate.label === selected) ?? product.colours[0];
  const tag = productTag({
    ...product,
    isPro: isPro || product.shopperGroup === 'pro',
    isEmployee: product.shopperGroup === 'employee',
    isAddOnGrid: false,
  });
  const href = `/p/${product.uid}${colour ? `?colour=${encodeURIComponent(colourQueryValue(colour.label))}` : ''}`;
  // Desktop draws 6 swatches and mobile 4 (CSS hides the rest); each has its own "+N".
  const { shown, overflow: overflowDesktop } = visibleSwatches(product.colours);
  const overflowMobile = visibleSwatches(product.colours, { mobile: true }).overflow;
  return (
    <article className={styles.card}>
      <LocaleLink to={href} className={styles.imageLink} tabIndex={-1} aria-hidden="true" onClick={onOpen}>
        {colour?.image ? (
          <Image
            filename={colour.image}
            sizes={[...PRODUCT_CARD_SIZES]}
            bg={CARD_BACKGROUND}
            alt=""
            priority={priority}
          />
        ) : (
          <span className={styles.noImage} />
        )}
        {tag ? <ProductTagBadge kind={tag} language={language} overlay /> : null}
      </LocaleLink>
      {showContentSwatches(product.colours.length) ? (
        <div className={styles.swatches}>
          <SwatchPicker
            colours={shown.map((item) => ({ ...item, images: [] }))}
            selected={selected}
            onSelect={setSelected}
            selectOnHover
            label={t('Colours of {product}', { product: product.title })}
          />
          {overflowDesktop > 0 ? (
            <LocaleLink
              to={href}
              className={styles.moreDesktop}
              aria-label={t('{count, plural, one {# more colour} other {# more colours}}', { count: overflowDesktop })}
            >
              +{overflowDesktop}
            </LocaleLink>
          ) : null}
          {overflowMobile > 0 ? (
            <LocaleLink
              to={href}
              className={styles.moreMobile}
              aria-label={t('{count, plural, one {# more colour} other {# more colours}}', { count: overflowMobile })}
            >
              +{overflowMobile}
            </LocaleLink>
          ) : null}
        </div>
      ) : null}
      <h3 className={styles.title}>
        <LocaleLink to={href} onClick={onOpen}>
          {product.title}
        </LocaleLink>
      </h3>
      <p className={styles.price}>
        {product.displayPrice ?? (
          <PriceTag
            price={product.price}
            salePrice={product.salePrice}
            calculatedPrice={product.calculatedPrice}
            shopperGroup={product.shopperGroup ?? (isPro ? 'pro' : null)}
            currency={currency}
          />
        )}
      </p>
      {!product.inStock ? <p className={styles.soldOut}>{t('Sold out')}</p> : null}
    </article>
  );
}
