import { useDisplayText } from '../../lib/display-text';
import styles from './product-card-skeleton.module.css';

/** Spec §2/§4 'Product grid': a placeholder card showing 'Loading' (in the visitor's language) for name and price. */
export function ProductCardSkeleton() {
  const t = useDisplayText();
  return (
    <div className={styles.card} aria-hidden="true">
      <span className={styles.image} />
      <span className={styles.line}>{t('Loading')}</span>
      <span className={styles.shortLine}>{t('Loading')}</span>
    </div>
  );
}
