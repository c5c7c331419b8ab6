import styles from './product-card-skeleton.module.css';

/** Spec §2/§4 'Product grid': a placeholder card showing 'Loading' for name and price. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <span className={styles.image} />
      <span className={styles.line}>Loading</span>
      <span className={styles.shortLine}>Loading</span>
    </div>
  );
}
