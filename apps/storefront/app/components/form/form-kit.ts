/**
 * The forms' kit, shared by the account, checkout and pro forms: a field list (label, limits and
 * checks per field, in the order the page shows them), a reader from FormData, and validation
 * whose errors come in that order, so the error summary reads top to bottom. Pure: no React,
 * usable by loaders, actions and components alike. Rules that belong to one form (a checkout
 * destination, a pro code, a password policy) stay in its feature, written as checks.
 */

/** A problem or notice as a display-text title (translated where shown) with its values. */
export interface FieldMessage {
  message: string;
  values?: Record<string, string | number>;
}

export const REQUIRED: FieldMessage = { message: 'This field is required.' };
export const INVALID_EMAIL: FieldMessage = { message: 'Enter a valid email address, like name@example.com.' };
export const CHECK_FIELD: FieldMessage = { message: 'Check this field.' };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A check of a value that is not empty: its problem, or null. */
export type FieldCheck = (value: string, spec: FieldSpec) => FieldMessage | null;

export interface FieldSpec {
  /** Display-text title of the field's label, also its name in the error summary. */
  label: string;
  /** The engine's limit, also the input's maxLength. */
  maxLength?: number;
  /** An empty value is a problem: REQUIRED, or the message given. */
  required?: boolean | FieldMessage;
  /** Read exactly as typed (a password), not trimmed. */
  secret?: boolean;
  /** Checks of a non-empty value in order, the first problem wins; the length limit by default. */
  checks?: readonly FieldCheck[];
}

export function atMost(max: number): FieldMessage {
  return { message: 'Use at most {max} characters.', values: { max } };
}

/** The value fits the field's maxLength. */
export const withinLimit: FieldCheck = (value, spec) =>
  spec.maxLength !== undefined && value.length > spec.maxLength ? atMost(spec.maxLength) : null;

/** The value holds no control characters (tabs, line breaks). */
export const noControlCharacters: FieldCheck = (value) => (CONTROL_CHARACTERS.test(value) ? CHECK_FIELD : null);

/** The value matches the pattern, or has the message. */
export function matches(pattern: RegExp, problem: FieldMessage): FieldCheck {
  return (value) => (pattern.test(value) ? null : problem);
}

/** An email address within the limit; a too long one reads as not an address. */
export const isEmail: FieldCheck = (value, spec) =>
  !EMAIL_PATTERN.test(value) || (spec.maxLength !== undefined && value.length > spec.maxLength) ? INVALID_EMAIL : null;

/** One field's problem, or null. */
export function fieldError(spec: FieldSpec, value: string): FieldMessage | null {
  if (value === '') {
    if (!spec.required) return null;
    return spec.required === true ? REQUIRED : spec.required;
  }
  for (const check of spec.checks ?? [withinLimit]) {
    const problem = check(value, spec);
    if (problem) return problem;
  }
  return null;
}

/** Fields by name; the key order is the order the page shows them. */
export type FieldList<Field extends string> = { readonly [Name in Field]: FieldSpec };

/** The names of a field list, in its order. */
export function fieldNames<Field extends string>(list: FieldList<Field>): Field[] {
  return Object.keys(list) as Field[];
}

/** The labels of a field list, for the inputs and the error summary. */
export function fieldLabels<Field extends string>(list: FieldList<Field>): Record<Field, string> {
  return Object.fromEntries(fieldNames(list).map((name) => [name, list[name].label])) as Record<Field, string>;
}

/** The length limits of a field list, for the inputs' maxLength. */
export function fieldLimits<Field extends string>(list: FieldList<Field>): Partial<Record<Field, number>> {
  return Object.fromEntries(
    fieldNames(list).flatMap((name) => (list[name].maxLength === undefined ? [] : [[name, list[name].maxLength]])),
  ) as Partial<Record<Field, number>>;
}

/** A form field's text, trimmed; anything that is not text reads as empty. */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A password exactly as typed (spaces count); anything that is not text reads as empty. */
export function formSecret(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** An unticked checkbox is absent from the form. */
export function formFlag(form: FormData, name: string): boolean {
  return form.get(name) !== null;
}

/** The fields of a list as typed, secret ones untrimmed; `prefix` names a section's inputs (`shipping.`). */
export function readFields<Field extends string>(
  form: FormData,
  list: FieldList<Field>,
  prefix = '',
): Record<Field, string> {
  return Object.fromEntries(
    fieldNames(list).map((name) => {
      const input = `${prefix}${name}`;
      return [name, list[name].secret ? formSecret(form, input) : formText(form, input)];
    }),
  ) as Record<Field, string>;
}

/** Every field's problem at once, in the list's order. */
export function validateFields<Field extends string>(
  list: FieldList<Field>,
  values: Readonly<Record<NoInfer<Field>, string>>,
): Partial<Record<Field, FieldMessage>> {
  const errors: Partial<Record<Field, FieldMessage>> = {};
  for (const name of fieldNames(list)) {
    const problem = fieldError(list[name], values[name]);
    if (problem) errors[name] = problem;
  }
  return errors;
}

/** Errors in the order of `fields` (the page's), so the summary reads top to bottom; others are left out. */
export function orderErrors<Field extends string>(
  fields: readonly Field[],
  errors: Partial<Record<Field, FieldMessage>>,
): Partial<Record<Field, FieldMessage>> {
  const ordered: Partial<Record<Field, FieldMessage>> = {};
  for (const field of fields) {
    const error = errors[field];
    if (error) ordered[field] = error;
  }
  return ordered;
}

/** The id of a form's field input: `signin-email`, `pro-create-pro-code`. */
export function formFieldId(form: string, field: string): string {
  return `${form}-${field.replaceAll('_', '-')}`;
}

/**
 * The engine's customer fields and limits (customer-schemas.ts, checkout-schemas.ts), which the
 * forms' own lists pick from.
 */
export const CUSTOMER_FIELDS = {
  first_name: { label: 'First name', maxLength: 80, required: true },
  last_name: { label: 'Last name', maxLength: 80, required: true },
  email: { label: 'Email', maxLength: 254, required: true, checks: [isEmail] },
  password: { label: 'Password', maxLength: 128, required: true, secret: true },
  company: { label: 'Company (optional)', maxLength: 120 },
  phone: { label: 'Phone (optional)', maxLength: 40 },
  address1: { label: 'Address', maxLength: 160, required: true },
  address2: { label: 'Apartment, suite, etc. (optional)', maxLength: 160 },
  city: { label: 'City', maxLength: 80, required: true },
  state_or_province: { label: 'State or province', maxLength: 40 },
  postal_code: { label: 'Postal code', maxLength: 16, required: true },
  country_code: { label: 'Country', required: true },
} as const satisfies FieldList<string>;
