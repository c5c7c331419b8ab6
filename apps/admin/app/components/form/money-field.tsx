import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { FieldShell, useFieldError, type FieldProps } from './field';
import { currencyDigits } from '../money';

/** `'12.5'` → 1250 (with 2 digits); '' → null; text that is no amount, or has too many decimals → NaN. */
export function parseMoney(text: string, digits: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const pattern = digits > 0 ? new RegExp(`^-?\\d+(\\.\\d{0,${digits}})?$`) : /^-?\d+$/;
  if (!pattern.test(trimmed)) return Number.NaN;
  const [whole = '0', fraction = ''] = trimmed.replace('-', '').split('.');
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return trimmed.startsWith('-') ? -minor : minor;
}

/** 1250 → `'12.50'` with 2 digits; null → ''. */
export function formatMinor(minor: number | null | undefined, digits: number): string {
  if (minor == null || Number.isNaN(minor)) return '';
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(minor);
  if (digits === 0) return `${sign}${absolute}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(absolute / scale)}.${String(absolute % scale).padStart(digits, '0')}`;
}

export interface MoneyFieldProps extends FieldProps {
  /** ISO 4217 code: decides the decimals shown and typed (JPY none, EUR two). */
  currency: string;
}

/**
 * An amount typed as a decimal (`12.50`) and kept in the form in minor units (1250), as the API
 * wants it: empty is `null`, text that is no amount is `NaN` (give the zod schema a message for it).
 */
export function MoneyField({ name, label, hint, required, disabled, currency }: MoneyFieldProps) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const digits = currencyDigits(currency);
  const value = field.value as number | null | undefined;
  // What is typed, and the value it stood for: a value set from outside (reset, "Load their
  // version") replaces the text; the user's own typing is left as typed until they leave the field.
  const [draft, setDraft] = useState(() => ({ text: formatMinor(value, digits), value: value ?? null }));
  if (!Object.is(draft.value, value ?? null)) setDraft({ text: formatMinor(value, digits), value: value ?? null });
  const type = (text: string) => {
    const parsed = parseMoney(text, digits);
    setDraft({ text, value: parsed });
    field.onChange(parsed);
  };

  return (
    <FieldShell name={name} label={label} hint={hint} required={required} error={error}>
      {(ids) => (
        <span className="input-money">
          <span className="input-money__currency" aria-hidden="true">
            {currency}
          </span>
          <input
            className="input"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            aria-required={required || undefined}
            {...ids}
            name={field.name}
            ref={field.ref}
            value={draft.text}
            onChange={(event) => type(event.target.value)}
            onBlur={() => {
              if (draft.value !== null && !Number.isNaN(draft.value)) type(formatMinor(draft.value, digits));
              field.onBlur();
            }}
          />
        </span>
      )}
    </FieldShell>
  );
}
