import type { FieldMessage } from '../checkout/checkout-fields';

/**
 * The pro forms' fields (`/pro/create`, `/pro/signup`), as plain strings the page can render
 * again, and the checks the shopper can fix before the engine is asked. The engine checks again
 * (customerCreateSchema, proCodeSchema in @piste/commerce).
 */
export const PRO_CREATE_FIELDS = ['first_name', 'last_name', 'email', 'password', 'company', 'pro_code'] as const;
export type ProCreateField = (typeof PRO_CREATE_FIELDS)[number];
export type ProFieldName = ProCreateField;

export type ProCreateValues = Record<ProCreateField, string>;
/** What the page may send back to the browser: never the password. */
export type ProCreateEcho = Omit<ProCreateValues, 'password'>;
export type ProFieldErrors = Partial<Record<ProFieldName, FieldMessage>>;

/** The query `/proclub` reads to welcome a new member. */
export const JOINED_PARAM = 'joined';

/** The engine's limits (customer-schemas.ts), also the inputs' maxLength. */
export const PRO_MAX_LENGTH: Record<ProCreateField, number> = {
  first_name: 80,
  last_name: 80,
  email: 254,
  password: 128,
  company: 120,
  pro_code: 40,
};

/** The password policy the page states (password-policy.ts: MIN_PASSWORD_LENGTH). */
export interface PasswordRules {
  minLength: number;
  maxLength: number;
}

const REQUIRED: FieldMessage = { message: 'This field is required.' };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PRO_CODE_PATTERN = /^[A-Za-z0-9-]+$/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function text(form: FormData, name: string, trim = true): string {
  const value = form.get(name);
  if (typeof value !== 'string') return '';
  return trim ? value.trim() : value;
}

/** The create form as typed: text fields trimmed, the password exactly as typed. */
export function readProCreateForm(form: FormData): ProCreateValues {
  return {
    first_name: text(form, 'first_name'),
    last_name: text(form, 'last_name'),
    email: text(form, 'email'),
    password: text(form, 'password', false),
    company: text(form, 'company'),
    pro_code: text(form, 'pro_code'),
  };
}

export function echoProCreate({ password: _password, ...values }: ProCreateValues): ProCreateEcho {
  return values;
}

export const EMPTY_PRO_CREATE: ProCreateEcho = { first_name: '', last_name: '', email: '', company: '', pro_code: '' };

/** A pro code's problem: required, at most 40 letters, digits and dashes. */
export function proCodeError(code: string): FieldMessage | null {
  if (code === '') return { message: 'Enter your pro code.' };
  if (code.length > PRO_MAX_LENGTH.pro_code) {
    return { message: 'Use at most {max} characters.', values: { max: PRO_MAX_LENGTH.pro_code } };
  }
  if (!PRO_CODE_PATTERN.test(code)) return { message: 'A pro code has only letters, digits and dashes.' };
  return null;
}

/** A new password's problem the page can tell at once: its length (the engine also refuses common ones). */
function passwordError(password: string, rules: PasswordRules): FieldMessage | null {
  if (password === '') return REQUIRED;
  const length = [...password].length;
  if (length < rules.minLength) return { message: 'Use at least {min} characters.', values: { min: rules.minLength } };
  if (length > rules.maxLength) return { message: 'Use at most {max} characters.', values: { max: rules.maxLength } };
  return null;
}

/** Every problem of the create form at once (the engine reports only its first). */
export function validateProCreate(values: ProCreateValues, rules: PasswordRules): ProFieldErrors {
  const errors: ProFieldErrors = {};
  for (const field of ['first_name', 'last_name', 'company'] as const) {
    const value = values[field];
    if (value === '' && field !== 'company') errors[field] = REQUIRED;
    else if (value.length > PRO_MAX_LENGTH[field]) {
      errors[field] = { message: 'Use at most {max} characters.', values: { max: PRO_MAX_LENGTH[field] } };
    } else if (CONTROL_CHARACTERS.test(value)) errors[field] = { message: 'Check this field.' };
  }
  if (values.email === '') errors.email = REQUIRED;
  else if (!EMAIL_PATTERN.test(values.email) || values.email.length > PRO_MAX_LENGTH.email) {
    errors.email = { message: 'Enter a valid email address, like name@example.com.' };
  }
  const password = passwordError(values.password, rules);
  if (password) errors.password = password;
  const code = proCodeError(values.pro_code);
  if (code) errors.pro_code = code;
  return errors;
}

/**
 * The shopper's words for the engine's password policy refusal (password-policy.ts
 * `passwordProblem`: "must be at least 10 characters", "is too common: …", "must not be your
 * email address").
 */
export function passwordPolicyMessage(problem: string, rules: PasswordRules): FieldMessage {
  if (problem.startsWith('must be at least')) {
    return { message: 'Use at least {min} characters.', values: { min: rules.minLength } };
  }
  if (problem.startsWith('must be at most')) {
    return { message: 'Use at most {max} characters.', values: { max: rules.maxLength } };
  }
  if (problem.startsWith('is too common')) {
    return { message: 'This password appears in lists of breached passwords. Choose another one.' };
  }
  if (problem.includes('email')) return { message: 'Your password must not be your email address.' };
  return { message: 'Choose another password.' };
}

/** The answer of a pro form that did not succeed. */
export interface ProFormAnswer<Values> {
  values: Values;
  errors: ProFieldErrors;
  /** A display-text title about the whole form (too many attempts), when no field is at fault. */
  message: string | null;
}

/** Labels of the fields, display-text titles, for the inputs and the error summary. */
export const PRO_FIELD_LABELS: Record<ProFieldName, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  password: 'Password',
  company: 'Company or organisation (optional)',
  pro_code: 'Pro code',
};

/** The pro forms. */
export type ProForm = 'create' | 'signup';

/** The id of a pro form's field input: `pro-create-email`, `pro-signup-pro-code`. */
export function proFieldId(form: ProForm, field: ProFieldName): string {
  return `pro-${form}-${field.replaceAll('_', '-')}`;
}

/** Errors in the order the form shows its fields, so the summary reads top to bottom. */
export function orderedErrors(errors: ProFieldErrors): ProFieldErrors {
  return Object.fromEntries(
    PRO_CREATE_FIELDS.flatMap((field) => (errors[field] ? [[field, errors[field]]] : [])),
  ) as ProFieldErrors;
}
