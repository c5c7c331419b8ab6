import type { ReactNode } from 'react';
import { get, useFormContext } from 'react-hook-form';

/** The DOM id of a field's control: `variants.2.price` → `field-variants-2-price` (the summary links to it). */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The message on `name`, if any (react-hook-form's nested errors, read by dotted path). */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

export interface FieldProps {
  /** The value's path in the form (dotted for nested values). */
  name: string;
  label: ReactNode;
  /** A short help text under the label. */
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

interface FieldShellProps extends Pick<FieldProps, 'name' | 'label' | 'hint' | 'required'> {
  error: string | undefined;
  /** The control, given the ids that tie it to its label, hint and error. */
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
  /** Checkboxes put their label after the box. */
  inline?: boolean;
}

/** Label, hint, control and error message of one field, tied together for screen readers. */
export function FieldShell({ name, label, hint, required, error, children, inline }: FieldShellProps) {
  const id = fieldId(name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = children({
    id,
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(error && { 'aria-invalid': true as const }),
  });
  const labelText = (
    <>
      {label}
      {required && (
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  return (
    <div className={`field${inline ? ' field--inline' : ''}${error ? ' field--invalid' : ''}`}>
      {inline ? (
        <label className="field__check" htmlFor={id}>
          {control}
          <span>{labelText}</span>
        </label>
      ) : (
        <>
          <label className="field__label" htmlFor={id}>
            {labelText}
          </label>
          {control}
        </>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
