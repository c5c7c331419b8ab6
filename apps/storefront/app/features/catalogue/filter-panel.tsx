import { useId, useState } from 'react';
import { useDisplayText } from '../../lib/display-text';
import styles from './product-listing.module.css';

/**
 * The filter panel of a product listing (category and search pages): folded behind a toggle on
 * narrow screens, always open on wide ones (product-listing.module.css). Gives the panel its id
 * and class name.
 */
export function useFilterPanel() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return {
    id,
    open,
    className: open ? `${styles.filters} ${styles.filtersOpen}` : styles.filters,
    toggle: () => setOpen((wasOpen) => !wasOpen),
  };
}

/** The "Filter and sort" button that folds the panel, with the number of filters in use. */
export function FilterPanelToggle({
  panel,
  activeCount,
}: {
  panel: ReturnType<typeof useFilterPanel>;
  activeCount: number;
}) {
  const t = useDisplayText();
  return (
    <button
      type="button"
      className={styles.filterToggle}
      aria-expanded={panel.open}
      aria-controls={panel.id}
      onClick={panel.toggle}
    >
      {t('Filter and sort')}
      {activeCount > 0 ? ` (${activeCount})` : ''}
    </button>
  );
}
