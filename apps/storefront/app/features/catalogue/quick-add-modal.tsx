import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { colourQueryValue } from '@piste/core';
import { Image } from '../../components/image';
import { LocaleLink } from '../../components/locale-link';
import { ModalDialog } from '../../components/modal-dialog';
import { useLocalizePath } from '../../lib/locale';
import { CARD_BACKGROUND, PRODUCT_CARD_SIZES } from '@piste/media';
import { PriceTag } from './price-tag';
import { PurchaseForm, type PurchaseResult } from './purchase-form';
import type { ProductCardView } from './product-card-view';
import type { ProductView } from './product-view';
import type { CurrencyFormatView } from '../../lib/money';
import { useDisplayText } from '../../lib/display-text';
import { SwatchPicker } from './swatch-picker';
import styles from './quick-add-modal.module.css';

/** What the product route's loader answers for `?view=quick-add`. */
interface QuickAddData {
  product: ProductView;
  shopping: boolean;
  currency: CurrencyFormatView | null;
}

interface QuickAddModalProps {
  product: ProductCardView;
  currency: CurrencyFormatView | null;
  onClose: () => void;
}

/**
 * The add-on quick-add modal (spec §2 'Product card', §4): a native modal dialog (focus stays
 * inside, Escape closes) that loads the product's variants from its own route and posts the
 * choice to that route's add-to-cart action without leaving the page.
 */
export function QuickAddModal({ product, currency, onClose }: QuickAddModalProps) {
  const t = useDisplayText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const localize = useLocalizePath();
  const productPath = localize(`/p/${product.uid}`);
  const details = useFetcher<QuickAddData>();
  const purchase = useFetcher<PurchaseResult>();
  const [colour, setColour] = useState(product.colours[0]?.label ?? '');

  useEffect(() => {
    if (details.state === 'idle' && !details.data) void details.load(`${productPath}?view=quick-add`);
  }, [details, productPath]);

  const loaded = details.data?.product;
  const image = product.colours.find((candidate) => candidate.label === colour)?.image ?? null;
  const titleId = `quick-add-${product.uid}`;
  return (
    <ModalDialog
      dialogRef={dialogRef}
      labelledBy={titleId}
      onClose={onClose}
      maxWidth="52rem"
      bodyClassName={styles.body}
    >
      <div className={styles.image}>
        {image ? <Image filename={image} sizes={[...PRODUCT_CARD_SIZES]} bg={CARD_BACKGROUND} alt="" /> : null}
      </div>
      <div className={styles.details}>
        <h2 id={titleId} className={styles.title}>
          {product.title}
        </h2>
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
        {product.colours.length > 0 ? (
          <SwatchPicker
            colours={product.colours.map((item) => ({ ...item, images: [] }))}
            selected={colour}
            onSelect={setColour}
            label={t('Colours of {product}', { product: product.title })}
          />
        ) : null}
        {loaded && details.data?.shopping ? (
          <PurchaseForm
            product={loaded}
            colour={colour}
            FormComponent={purchase.Form}
            action={productPath}
            submitting={purchase.state === 'submitting'}
            result={purchase.data}
          />
        ) : loaded ? (
          <p>{t('Online shopping is not available in your country.')}</p>
        ) : (
          <p role="status" className={styles.loading}>
            {t('Loading')}
          </p>
        )}
        <LocaleLink
          to={`/p/${product.uid}?colour=${encodeURIComponent(colourQueryValue(colour))}`}
          className={styles.fullDetails}
        >
          {t('Full product details')}
        </LocaleLink>
      </div>
    </ModalDialog>
  );
}
