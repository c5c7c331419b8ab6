import { HTTP_STATUS_BY_KIND, isDomainError } from '@piste/core';
import { BOT_CHECK_FAILED_MESSAGE } from '../bot-check/bot-check-message';
import {
  CUSTOMER_FIELDS,
  fieldLabels,
  fieldLimits,
  formFieldId,
  INVALID_EMAIL,
  orderErrors,
  REQUIRED,
  type FieldList,
  type FieldMessage,
} from '../../components/form/form-kit';

/**
 * The account pages' forms and their fields. Inputs are named as the engine's
 * schemas name them (`first_name`, `address1`…), except the sign-in password and the delete
 * form's current password (`pw` there).
 * Messages are display-text titles, translated where shown.
 */
export type AccountForm =
  'signin' | 'forgot' | 'reset' | 'create' | 'details' | 'email' | 'password' | 'delete' | 'address';

export type AccountField =
  | 'email'
  | 'password'
  | 'first_name'
  | 'last_name'
  | 'company'
  | 'phone'
  | 'accepts_marketing'
  | 'current_password'
  | 'new_password'
  | AddressBookField;

export const ADDRESS_BOOK_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'address1',
  'address2',
  'city',
  'state_or_province',
  'postal_code',
  'country_code',
  'phone',
] as const;
export type AddressBookField = (typeof ADDRESS_BOOK_FIELDS)[number] | 'is_default';

export type AccountErrors = Partial<Record<AccountField, FieldMessage>>;

/** Every account field, with its label and the engine's limits; FORM_FIELDS orders them per form. */
const ACCOUNT_FIELD_LIST: FieldList<AccountField> = {
  ...CUSTOMER_FIELDS,
  accepts_marketing: { label: 'Email me news and offers' },
  current_password: { ...CUSTOMER_FIELDS.password, label: 'Current password' },
  new_password: { ...CUSTOMER_FIELDS.password, label: 'New password' },
  is_default: { label: 'Use as my default address' },
};

/** Labels of the fields, for the inputs and the error summary. */
export const ACCOUNT_LABELS: Record<AccountField, string> = fieldLabels(ACCOUNT_FIELD_LIST);

/** The engine's limits (customer-schemas.ts), also the inputs' maxLength. */
export const ACCOUNT_MAX_LENGTH: Partial<Record<AccountField, number>> = fieldLimits(ACCOUNT_FIELD_LIST);

/** The id of a field's input in one of the forms: `signin-email`, `address-postal-code`. */
export function accountFieldId(form: AccountForm, field: AccountField): string {
  return formFieldId(form, field);
}

export const EMAIL_TAKEN: FieldMessage = {
  message: 'An account already exists for this email. Sign in, or reset your password.',
};
export const RESET_LINK_UNUSABLE: FieldMessage = {
  message: 'This reset link has expired or was already used. Ask for a new one.',
};

/**
 * The shopper's message for one of the engine's field problems: the phrase its schemas and
 * password policy give after the field's name ('is required', 'must be at least 10
 * characters'…). Anything unforeseen reads 'Check this field.', never the raw text.
 */
export function messageForProblem(problem: string): FieldMessage {
  const text = problem.trim().replace(/\.$/, '');
  const atLeast = /^must be at least (\d+) characters$/.exec(text);
  if (atLeast) return { message: 'Use at least {min} characters.', values: { min: Number(atLeast[1]) } };
  const atMost = /^must be at most (\d+) characters$/.exec(text);
  if (atMost) return { message: 'Use at most {max} characters.', values: { max: Number(atMost[1]) } };
  if (text === 'is required') return REQUIRED;
  if (text === 'must be an email address') return INVALID_EMAIL;
  if (text.startsWith('is too common')) {
    return { message: 'This password is too common: it appears in lists of breached passwords. Choose another.' };
  }
  if (text === 'must not be your email address') return { message: 'Your password must not be your email address.' };
  if (text === 'must not contain control characters') {
    return { message: 'Remove the special characters (such as tabs) from this field.' };
  }
  if (text === 'must be a two-letter country code') return { message: 'Choose a country.' };
  if (text === 'is required to change the email or the password') {
    return { message: 'Enter your current password to change your email or password.' };
  }
  if (text === 'is not a valid reset token') return RESET_LINK_UNUSABLE;
  return { message: 'Check this field.' };
}

/** A validation issue as far as the forms need one (zod's shape, without importing zod in the browser). */
export interface ValidationIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Field messages from validation issues, the first per field. `fieldOf` names the form's
 * field for a schema key (null: the form has no such field). Issues about no field of the
 * form come back as `unplaced`, for a message above the form.
 */
export function errorsFromIssues(
  issues: readonly ValidationIssue[],
  fieldOf: (key: string) => AccountField | null,
): { errors: AccountErrors; unplaced: boolean } {
  const errors: AccountErrors = {};
  let unplaced = false;
  for (const issue of issues) {
    const key = issue.path[0];
    const field = typeof key === 'string' ? fieldOf(key) : null;
    if (!field) {
      unplaced = true;
      continue;
    }
    // A missing or mistyped value (zod's own 'invalid_type') is a field left empty.
    errors[field] ??= issue.code === 'invalid_type' ? REQUIRED : messageForProblem(issue.message);
  }
  return { errors, unplaced };
}

/** A refusal from the account flows, as the form shows it. */
export interface AccountProblem {
  status: number;
  /** The engine's field the problem is about (`pw`, `email`…), or null for the whole form. */
  field: string | null;
  message: FieldMessage;
}

/** Minutes until a rate-limited form may be tried again, from the error or its message. */
function retryMinutes(error: Error): number {
  const seconds = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof seconds === 'number' && Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds / 60));
  const minutes = /(\d+) minutes?/.exec(error.message);
  return minutes ? Math.max(1, Number(minutes[1])) : 15;
}

/**
 * The form's message for a domain error of the account flows (sign-in, sign-up, password
 * reset, profile and address book), or null for an error the page must not swallow. Only the
 * signed-in customer's own account is ever described: a wrong email reads like a wrong password.
 */
export function accountProblem(error: unknown): AccountProblem | null {
  if (!isDomainError(error)) return null;
  const status = HTTP_STATUS_BY_KIND[error.kind];
  switch (error.code) {
    case 'INVALID_CREDENTIALS':
      return { status, field: 'pw', message: { message: 'The email or password is incorrect.' } };
    case 'INVALID_PASSWORD':
      return { status, field: 'current_password', message: { message: 'The current password is incorrect.' } };
    case 'EMAIL_TAKEN':
      return { status, field: 'email', message: EMAIL_TAKEN };
    case 'BOT_CHECK_FAILED':
      return { status, field: null, message: { message: BOT_CHECK_FAILED_MESSAGE } };
    case 'RESET_TOKEN_INVALID':
      return { status, field: null, message: RESET_LINK_UNUSABLE };
    case 'RATE_LIMITED': {
      const minutes = retryMinutes(error);
      return {
        status,
        field: null,
        message: {
          message:
            '{minutes, plural, one {Too many attempts. Try again in a minute.} other {Too many attempts. Try again in # minutes.}}',
          values: { minutes },
        },
      };
    }
    case 'TOO_MANY_ADDRESSES': {
      const max = /at most (\d+)/.exec(error.message)?.[1];
      return {
        status,
        field: null,
        message: {
          message: 'Your address book is full: it holds at most {max} addresses. Delete one to add another.',
          values: { max: max ? Number(max) : 50 },
        },
      };
    }
    case 'INVALID_PRO_CODE':
      return {
        status,
        field: 'pro_code',
        message: { message: 'This pro code is not valid. Check it, or ask your Piste contact.' },
      };
    case 'INVALID_PARAMETER': {
      const parsed = /^Field `([\w.]+)` (.+)$/.exec(error.message);
      if (!parsed) return { status, field: null, message: { message: 'Check your details and try again.' } };
      return { status, field: parsed[1]!, message: messageForProblem(parsed[2]!) };
    }
    default:
      return null;
  }
}

/** The fields each form has, in the order they appear (the error summary lists them so). */
export const FORM_FIELDS: Record<AccountForm, readonly AccountField[]> = {
  signin: ['email', 'password'],
  forgot: ['email'],
  reset: ['new_password'],
  create: ['first_name', 'last_name', 'email', 'password', 'accepts_marketing'],
  details: ['first_name', 'last_name', 'company', 'phone', 'accepts_marketing'],
  email: ['email', 'current_password'],
  password: ['current_password', 'new_password'],
  delete: ['current_password'],
  address: [
    'country_code',
    'first_name',
    'last_name',
    'company',
    'address1',
    'address2',
    'city',
    'state_or_province',
    'postal_code',
    'phone',
    'is_default',
  ],
};

/**
 * Schema keys whose form field is named otherwise: sign-in's `pw` is its password field, the
 * delete form's `pw` its current password (as the profile's other forms name it).
 */
const FIELD_FOR_KEY: Partial<Record<string, AccountField>> = { pw: 'password' };
const FIELD_FOR_KEY_IN: Partial<Record<AccountForm, Partial<Record<string, AccountField>>>> = {
  delete: { pw: 'current_password' },
};

/** The form's field for a schema key or an engine error's field, or null when the form has none. */
export function fieldOfForm(form: AccountForm): (key: string) => AccountField | null {
  return (key) => {
    const field = FIELD_FOR_KEY_IN[form]?.[key] ?? FIELD_FOR_KEY[key] ?? (key as AccountField);
    return FORM_FIELDS[form].includes(field) ? field : null;
  };
}

/** Errors in the order the form shows its fields, so the summary reads top to bottom. */
export function orderedErrors(form: AccountForm, errors: AccountErrors): AccountErrors {
  return orderErrors(FORM_FIELDS[form], errors);
}

/**
 * An account form's answer when nothing changed: the values to show again (never a
 * password), the problems by field, and a message about the whole form.
 */
export interface FormAnswer {
  form: AccountForm;
  values: Partial<Record<AccountField, string>>;
  errors: AccountErrors;
  message: FieldMessage | null;
  /** Each answer is new, so the page moves focus to its summary every time. */
  answeredAt: number;
  /** The address being edited, for the address form (null: a new one). */
  addressId?: number | null;
}
