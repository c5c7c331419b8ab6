import type { ReactNode } from 'react';
import type { BannerIconKind } from '@piste/core';
import { useDisplayText } from '../../lib/display-text';
import styles from './banner-icon.module.css';

/** The display text each icon is read and shown as (display_text entries, translated). */
const LABELS: Record<BannerIconKind, string> = {
  'best-seller': 'Best seller',
  'coming-soon': 'Coming soon',
  new: 'New',
};

/**
 * A banner icon (spec §4 'Tags': "Banner icons exist for best seller, coming soon and new"),
 * shown with the banner's copy: a drawn symbol (star, clock, sparkle) and its word, so it
 * reads without the symbol and in the visitor's language.
 */
export function BannerIcon({ kind }: { kind: BannerIconKind }) {
  const t = useDisplayText();
  return (
    <p className={styles.icon} data-kind={kind}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        {SYMBOLS[kind]}
      </svg>
      {t(LABELS[kind])}
    </p>
  );
}

const SYMBOLS: Record<BannerIconKind, ReactNode> = {
  'best-seller': (
    <path fill="currentColor" d="M12 2.5l2.9 6 6.6.8-4.9 4.6 1.3 6.6L12 17.2l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
  ),
  'coming-soon': (
    <g fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </g>
  ),
  new: (
    <path
      fill="currentColor"
      d="M12 2l1.9 6.1L20 10l-6.1 1.9L12 18l-1.9-6.1L4 10l6.1-1.9zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z"
    />
  ),
};
