import { useRootData } from '../../lib/root-data';
import styles from './preview-banner.module.css';

declare module '../../lib/root-data' {
  interface RootData {
    /** Set while the page previews an unpublished content draft (a back-office preview link). */
    preview: { title: string } | null;
  }
}

/**
 * The band across a preview page (docs/admin/content.md 'Preview'): whoever opened the link
 * must not mistake the draft for what shoppers see. Staff-facing, so it is not a display text.
 */
export function PreviewBanner() {
  const preview = useRootData()?.preview;
  if (!preview) return null;
  return (
    <div className={styles.banner} role="status" data-testid="preview-banner">
      <strong>Preview — not published</strong> <span>{preview.title}</span>
    </div>
  );
}
