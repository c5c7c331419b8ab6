import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { FormErrorSummary, SERVER_ERROR } from '~/components/form';
import styles from './orders.module.css';

export interface FormDialogProps<T extends FieldValues> {
  open: boolean;
  title: string;
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
  submitLabel: string;
  /** A red submit button, for what cannot be undone (cancelling an order). */
  danger?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A form in the browser's modal `<dialog>` (ship, refund, cancel): focus stays inside, Escape
 * closes it unless it is sending, and the errors show at the fields with a summary on top.
 */
export function FormDialog<T extends FieldValues>({
  open,
  title,
  form,
  onSubmit,
  submitLabel,
  danger,
  onClose,
  children,
}: FormDialogProps<T>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const busy = form.formState.isSubmitting;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${styles.wideDialog}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <FormProvider {...form}>
        <form
          noValidate
          className="form"
          onSubmit={(event) => {
            form.clearErrors(SERVER_ERROR as never);
            return form.handleSubmit(onSubmit)(event);
          }}
        >
          <FormErrorSummary />
          {children}
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onClose} disabled={busy}>
              Close
            </button>
            <button type="submit" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={busy}>
              {busy ? 'Sending…' : submitLabel}
            </button>
          </div>
        </form>
      </FormProvider>
    </dialog>
  );
}
