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
  children: (control: ControlProps) => ReactNode;
}

/** What ties a control to its label, hint and error, spread onto the input or select. */
interface ControlProps {
  id: string;
  name: string;
  className: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, an optional hint, the control, and its error, tied together for assistive technology. */
function FieldFrame({ name, id, label, hint, error, className, children }: FieldFrameProps) {
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
      {children({
        id,
        name,
        className: styles.control,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      <FieldError id={id} error={error} />
    </div>
  );
}

type TextFieldProps = Omit<FieldFrameProps, 'children'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

export function TextField({ name, id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame name={name} id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <input {...input} {...control} />}
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<FieldFrameProps, 'children'> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'> & { children: ReactNode };

export function SelectField({ name, id, label, hint, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame name={name} id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

type OptionsFieldProps = Omit<SelectFieldProps, 'children'> & {
  options: readonly { code: string; name: string }[];
  /** Translated text of an empty first option, when nothing is chosen yet. */
  placeholder?: string;
};

/** A select of coded options (countries, states), by their names. */
export function OptionsField({ options, placeholder, ...select }: OptionsFieldProps) {
  return (
    <SelectField {...select}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.code} value={option.code}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}
