import { useEffect, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useDisplayText } from '../lib/display-text';
import styles from './modal-dialog.module.css';

interface ModalDialogProps {
  /** The caller's handle, to close the dialog itself (after a submission, say). */
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The id of the dialog's heading. */
  labelledBy: string;
  onClose: () => void;
  /** The widest the dialog grows (a CSS length); narrower screens get their width less a margin. */
  maxWidth?: string;
  bodyClassName?: string;
  children: ReactNode;
}

/**
 * A native modal dialog, open from its first render: focus stays inside, Escape, the close
 * button and a click on the backdrop close it, and `onClose` follows each of them.
 */
export function ModalDialog({ dialogRef, labelledBy, onClose, maxWidth, bodyClassName, children }: ModalDialogProps) {
  const t = useDisplayText();
  useEffect(() => {
    dialogRef.current?.showModal();
  }, [dialogRef]);
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      style={maxWidth ? ({ '--dialog-max-width': maxWidth } as CSSProperties) : undefined}
      aria-labelledby={labelledBy}
      onClose={onClose}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) dialogRef.current?.close();
      }}
    >
      <div className={bodyClassName ? `${styles.body} ${bodyClassName}` : styles.body}>
        <button
          type="button"
          className={styles.close}
          aria-label={t('Close')}
          onClick={() => dialogRef.current?.close()}
        >
          ×
        </button>
        {children}
      </div>
    </dialog>
  );
}
