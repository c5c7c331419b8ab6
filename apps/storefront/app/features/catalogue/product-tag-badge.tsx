import { tagLabel, type TagKind } from '@piste/core';
import styles from './product-tag-badge.module.css';

/** A product tag (spec §4 'Tags') in the visitor's language; `overlay` pins it to a card image's corner. */
export function ProductTagBadge({
  kind,
  language,
  overlay = false,
}: {
  kind: TagKind;
  language: string;
  overlay?: boolean;
}) {
  return <span className={`${styles[kind]} ${overlay ? styles.overlay : ''}`}>{tagLabel(kind, language)}</span>;
}
