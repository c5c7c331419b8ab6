import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { useDisplayText } from '../../lib/display-text';
import type { FieldMessage } from './form-kit';
import styles from './form-field.module.css';

/**
 * A field's problem under its control, `${id}-error` for the control's aria-describedby. Every
 * form shows its field messages with this one paragraph.
 */
export function FieldError({ id, error }: { id: string; error: FieldMessage | undefined }) {
  const t = useDisplayText();
  return error ? (
    <p id={`${id}-error`} className={styles.error}>
      {t(error.message, error.values)}
    </p>
  ) : null;
}

interface FieldFrameProps {
  name: string;
  /** The control's id, for its label, its error summary link and aria-describedby. */
  id: string;
  /** Translated. */
  label: string;
  hint?: string;
  error: FieldMessage | undefined;
  className?: string;
  children: (control: { id: string; describedBy: string | undefined; invalid: true | undefined }) => ReactNode;
}

/** A label, an optional hint, the control, and its error, tied together for assistive technology. */
function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy: describedBy || undefined, invalid: error ? true : undefined })}
      <FieldError id={id} error={error} />
    </div>
  );
}

type TextFieldProps = Omit<FieldFrameProps, 'children'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

export function TextField({ name, id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame name={name} id={id} label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          {...input}
          id={id}
          name={name}
          className={styles.control}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<FieldFrameProps, 'children'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & { children: ReactNode };

export function SelectField({ name, id, label, hint, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame name={name} id={id} label={label} hint={hint} error={error} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          {...select}
          id={id}
          name={name}
          className={styles.control}
          aria-invalid={invalid}
          aria-describedby={describedBy}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
