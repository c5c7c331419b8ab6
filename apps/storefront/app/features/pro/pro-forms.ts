import {
  CUSTOMER_FIELDS,
  fieldError,
  fieldLabels,
  fieldLimits,
  fieldNames,
  formFieldId,
  matches,
  noControlCharacters,
  orderErrors,
  readFields,
  validateFields,
  withinLimit,
  type FieldList,
  type FieldMessage,
  type FieldSpec,
} from '../../components/form/form-kit';

/**
 * The pro forms' fields (`/pro/create`, `/pro/signup`), as plain strings the page can render
 * again, and the checks the shopper can fix before the engine is asked. The engine checks again
 * (customerCreateSchema, proCodeSchema in @piste/commerce).
 */
const NAME_CHECKS = [withinLimit, noControlCharacters];

/** The create form's fields in the order it shows them, with the engine's limits (customer-schemas.ts). */
const PRO_CREATE_FIELD_LIST = {
  first_name: { ...CUSTOMER_FIELDS.first_name, checks: NAME_CHECKS },
  last_name: { ...CUSTOMER_FIELDS.last_name, checks: NAME_CHECKS },
  email: CUSTOMER_FIELDS.email,
  password: CUSTOMER_FIELDS.password,
  company: { ...CUSTOMER_FIELDS.company, label: 'Company or organisation (optional)', checks: NAME_CHECKS },
  pro_code: {
    label: 'Pro code',
    maxLength: 40,
    required: { message: 'Enter your pro code.' },
    checks: [withinLimit, matches(/^[A-Za-z0-9-]+$/, { message: 'A pro code has only letters, digits and dashes.' })],
  },
} as const satisfies FieldList<string>;
export type ProCreateField = keyof typeof PRO_CREATE_FIELD_LIST;
export const PRO_CREATE_FIELDS: readonly ProCreateField[] = fieldNames(PRO_CREATE_FIELD_LIST);
export type ProFieldName = ProCreateField;

export type ProCreateValues = Record<ProCreateField, string>;
/** What the page may send back to the browser: never the password. */
export type ProCreateEcho = Omit<ProCreateValues, 'password'>;
export type ProFieldErrors = Partial<Record<ProFieldName, FieldMessage>>;

/** The query `/proclub` reads to welcome a new member. */
export const JOINED_PARAM = 'joined';

/** The engine's limits, also the inputs' maxLength. */
export const PRO_MAX_LENGTH = fieldLimits(PRO_CREATE_FIELD_LIST);

/** The password policy the page states (password-policy.ts: MIN_PASSWORD_LENGTH). */
export interface PasswordRules {
  minLength: number;
  maxLength: number;
}

/** The create form as typed: text fields trimmed, the password exactly as typed. */
export function readProCreateForm(form: FormData): ProCreateValues {
  return readFields(form, PRO_CREATE_FIELD_LIST);
}

export function echoProCreate({ password: _password, ...values }: ProCreateValues): ProCreateEcho {
  return values;
}

export const EMPTY_PRO_CREATE: ProCreateEcho = { first_name: '', last_name: '', email: '', company: '', pro_code: '' };

/** A pro code's problem: required, at most 40 letters, digits and dashes. */
export function proCodeError(code: string): FieldMessage | null {
  return fieldError(PRO_CREATE_FIELD_LIST.pro_code, code);
}

/** A new password's field, checked for what the page can tell at once: its length in characters (the engine also refuses common ones). */
function passwordField(rules: PasswordRules): FieldSpec {
  return {
    ...CUSTOMER_FIELDS.password,
    checks: [
      (password): FieldMessage | null => {
        const length = [...password].length;
        if (length < rules.minLength) {
          return { message: 'Use at least {min} characters.', values: { min: rules.minLength } };
        }
        return length > rules.maxLength
          ? { message: 'Use at most {max} characters.', values: { max: rules.maxLength } }
          : null;
      },
    ],
  };
}

/** Every problem of the create form at once, in its order (the engine reports only its first). */
export function validateProCreate(values: ProCreateValues, rules: PasswordRules): ProFieldErrors {
  return validateFields({ ...PRO_CREATE_FIELD_LIST, password: passwordField(rules) }, values);
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
export const PRO_FIELD_LABELS: Record<ProFieldName, string> = fieldLabels(PRO_CREATE_FIELD_LIST);

/** The pro forms. */
export type ProForm = 'create' | 'signup';

/** The id of a pro form's field input: `pro-create-email`, `pro-signup-pro-code`. */
export function proFieldId(form: ProForm, field: ProFieldName): string {
  return formFieldId(`pro-${form}`, field);
}

/** Errors in the order the form shows its fields, so the summary reads top to bottom. */
export function orderedErrors(errors: ProFieldErrors): ProFieldErrors {
  return orderErrors(PRO_CREATE_FIELDS, errors);
}
