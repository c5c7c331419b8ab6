import { describe, expect, it } from 'vitest';
import {
  atMost,
  CHECK_FIELD,
  CUSTOMER_FIELDS,
  fieldError,
  fieldLabels,
  fieldLimits,
  fieldNames,
  formFieldId,
  formFlag,
  formSecret,
  formText,
  INVALID_EMAIL,
  matches,
  noControlCharacters,
  orderErrors,
  readFields,
  REQUIRED,
  validateFields,
  withinLimit,
  type FieldList,
} from './form-kit';

const LIST = {
  name: { label: 'Name', maxLength: 5, required: true, checks: [withinLimit, noControlCharacters] },
  email: CUSTOMER_FIELDS.email,
  password: { label: 'Password', required: true, secret: true },
  code: {
    label: 'Code',
    required: { message: 'Enter your code.' },
    checks: [matches(/^\d+$/, { message: 'Digits only.' })],
  },
  note: { label: 'Note (optional)', maxLength: 3 },
} as const satisfies FieldList<string>;

describe('fieldError', () => {
  it('asks for a required field and leaves an empty optional one', () => {
    expect(fieldError(LIST.name, '')).toEqual(REQUIRED);
    expect(fieldError(LIST.code, '')).toEqual({ message: 'Enter your code.' });
    expect(fieldError(LIST.note, '')).toBeNull();
  });

  it('checks the length limit by default, and the given checks in order otherwise', () => {
    expect(fieldError(LIST.note, 'abcd')).toEqual(atMost(3));
    expect(fieldError(LIST.name, 'abcdef')).toEqual({ message: 'Use at most {max} characters.', values: { max: 5 } });
    expect(fieldError(LIST.name, 'a\tb')).toEqual(CHECK_FIELD);
    expect(fieldError(LIST.code, '12a')).toEqual({ message: 'Digits only.' });
    expect(fieldError(LIST.code, '123456789')).toBeNull();
  });

  it('refuses an email address that is malformed or longer than the limit', () => {
    expect(fieldError(CUSTOMER_FIELDS.email, 'sam@example.com')).toBeNull();
    expect(fieldError(CUSTOMER_FIELDS.email, 'sam@example')).toEqual(INVALID_EMAIL);
    expect(fieldError(CUSTOMER_FIELDS.email, `${'s'.repeat(250)}@example.com`)).toEqual(INVALID_EMAIL);
  });
});

describe('field lists', () => {
  it('gives names, labels and limits in the order of the list', () => {
    expect(fieldNames(LIST)).toEqual(['name', 'email', 'password', 'code', 'note']);
    expect(fieldLabels(LIST)).toEqual({
      name: 'Name',
      email: 'Email',
      password: 'Password',
      code: 'Code',
      note: 'Note (optional)',
    });
    expect(fieldLimits(LIST)).toEqual({ name: 5, email: 254, note: 3 });
  });

  it('validates every field at once, errors in the order of the list', () => {
    const errors = validateFields(LIST, { note: 'long', code: 'x', password: '', email: '', name: '' });
    expect(Object.keys(errors)).toEqual(['name', 'email', 'password', 'code', 'note']);
    expect(validateFields(LIST, { name: 'Sam', email: 'sam@example.com', password: ' ', code: '1', note: '' })).toEqual(
      {},
    );
  });

  it('orders errors as the page shows the fields and leaves out the others', () => {
    const errors = orderErrors<'name' | 'code' | 'note'>(['name', 'code'], {
      code: REQUIRED,
      note: REQUIRED,
      name: REQUIRED,
    });
    expect(Object.keys(errors)).toEqual(['name', 'code']);
  });

  it('names a form field input id from the form and the field', () => {
    expect(formFieldId('signin', 'email')).toBe('signin-email');
    expect(formFieldId('pro-create', 'pro_code')).toBe('pro-create-pro-code');
  });
});

describe('reading a form', () => {
  it('trims text, keeps passwords as typed, and reads ticked boxes', () => {
    const form = new FormData();
    form.set('email', '  sam@example.com ');
    form.set('password', ' secret with spaces ');
    form.set('accepts_marketing', 'on');
    form.append('file', new Blob(['x']));
    expect(formText(form, 'email')).toBe('sam@example.com');
    expect(formSecret(form, 'password')).toBe(' secret with spaces ');
    expect(formText(form, 'file')).toBe('');
    expect(formText(form, 'missing')).toBe('');
    expect(formFlag(form, 'accepts_marketing')).toBe(true);
    expect(formFlag(form, 'is_default')).toBe(false);
  });

  it("reads a list's fields, secret ones as typed, under a section's prefix", () => {
    const form = new FormData();
    form.set('billing.name', ' Sam ');
    form.set('billing.password', ' pw ');
    form.append('billing.code', new Blob(['1']));
    expect(readFields(form, LIST, 'billing.')).toEqual({
      name: 'Sam',
      email: '',
      password: ' pw ',
      code: '',
      note: '',
    });
  });
});
