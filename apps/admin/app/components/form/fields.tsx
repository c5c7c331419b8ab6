import type { InputHTMLAttributes, ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { FieldShell, useFieldError, type FieldProps } from './field';

type InputExtras = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'autoComplete' | 'placeholder' | 'inputMode' | 'maxLength' | 'autoFocus' | 'readOnly'
>;

export interface TextFieldProps extends FieldProps, InputExtras {
  type?: 'text' | 'email' | 'password' | 'url' | 'search' | 'tel';
}

export function TextField({ name, label, hint, required, disabled, type = 'text', ...input }: TextFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} error={error}>
      {(ids) => (
        <input
          className="input"
          type={type}
          disabled={disabled}
          aria-required={required || undefined}
          {...input}
          {...ids}
          {...register(name)}
        />
      )}
    </FieldShell>
  );
}

export interface NumberFieldProps extends FieldProps, Pick<InputExtras, 'placeholder' | 'autoFocus' | 'readOnly'> {
  min?: number;
  max?: number;
  step?: number | 'any';
}

/** A number: empty becomes `undefined`, anything else a `number` (NaN when it is not one), for zod to judge. */
export function NumberField({ name, label, hint, required, disabled, min, max, step, ...input }: NumberFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} error={error}>
      {(ids) => (
        <input
          className="input input--number"
          type="number"
          inputMode={step === undefined || step === 1 ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          aria-required={required || undefined}
          {...input}
          {...ids}
          {...register(name, {
            setValueAs: (value: unknown) => (value === '' || value == null ? undefined : Number(value)),
          })}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends FieldProps {
  options: readonly SelectOption[];
  /** A first, empty choice (value ''), e.g. "Choose a region". */
  placeholder?: string;
}

export function SelectField({ name, label, hint, required, disabled, options, placeholder }: SelectFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} error={error}>
      {(ids) => (
        <select
          className="input"
          disabled={disabled}
          aria-required={required || undefined}
          {...ids}
          {...register(name)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({ name, label, hint, disabled }: Omit<FieldProps, 'required'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell name={name} label={label} hint={hint} error={error} inline>
      {(ids) => <input className="checkbox" type="checkbox" disabled={disabled} {...ids} {...register(name)} />}
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends FieldProps {
  rows?: number;
  maxLength?: number;
  placeholder?: string;
}

export function TextAreaField({ name, label, hint, required, disabled, rows = 4, ...rest }: TextAreaFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} error={error}>
      {(ids) => (
        <textarea
          className="input input--textarea"
          rows={rows}
          disabled={disabled}
          aria-required={required || undefined}
          {...rest}
          {...ids}
          {...register(name)}
        />
      )}
    </FieldShell>
  );
}

export interface DateFieldProps extends FieldProps {
  /** `date` gives `YYYY-MM-DD`; `datetime-local` gives `YYYY-MM-DDTHH:mm` (local time). */
  type?: 'date' | 'datetime-local';
  min?: string;
  max?: string;
}

/** A date as the browser's picker gives it (a string; empty becomes `undefined`). */
export function DateField({ name, label, hint, required, disabled, type = 'date', min, max }: DateFieldProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <FieldShell name={name} label={label} hint={hint} required={required} error={error}>
      {(ids) => (
        <input
          className="input input--date"
          type={type}
          min={min}
          max={max}
          disabled={disabled}
          aria-required={required || undefined}
          {...ids}
          {...register(name, { setValueAs: (value: unknown) => (value === '' || value == null ? undefined : value) })}
        />
      )}
    </FieldShell>
  );
}

/** Lays fields out side by side on wide screens (one column on a phone). */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="field-row">{children}</div>;
}
