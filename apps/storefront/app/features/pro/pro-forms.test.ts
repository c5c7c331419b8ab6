import { describe, expect, it } from 'vitest';
import {
  echoProCreate,
  orderedErrors,
  passwordPolicyMessage,
  proCodeError,
  proFieldId,
  readProCreateForm,
  validateProCreate,
  type ProCreateValues,
} from './pro-forms';

const RULES = { minLength: 10, maxLength: 128 };
const valid: ProCreateValues = {
  first_name: 'Jordan',
  last_name: 'Ellis',
  email: 'jordan@example.com',
  password: 'granite-couloir-42',
  company: '',
  pro_code: 'PRO-US-DEMO',
};

describe('readProCreateForm', () => {
  it('trims text fields, keeps the password as typed, and reads anything else as empty', () => {
    const form = new FormData();
    form.set('first_name', '  Jordan ');
    form.set('email', ' jordan@example.com ');
    form.set('password', ' spaced password ');
    form.set('pro_code', new Blob(['x']));
    expect(readProCreateForm(form)).toEqual({
      first_name: 'Jordan',
      last_name: '',
      email: 'jordan@example.com',
      password: ' spaced password ',
      company: '',
      pro_code: '',
    });
  });

  it('never echoes the password', () => {
    expect(echoProCreate(valid)).not.toHaveProperty('password');
  });
});

describe('validateProCreate', () => {
  it('accepts a complete form, company being optional', () => {
    expect(validateProCreate(valid, RULES)).toEqual({});
  });

  it('reports every problem at once, next to its field', () => {
    const errors = validateProCreate(
      { first_name: '', last_name: 'x'.repeat(81), email: 'nope', password: 'short', company: '', pro_code: '' },
      RULES,
    );
    expect(errors).toEqual({
      first_name: { message: 'This field is required.' },
      last_name: { message: 'Use at most {max} characters.', values: { max: 80 } },
      email: { message: 'Enter a valid email address, like name@example.com.' },
      password: { message: 'Use at least {min} characters.', values: { min: 10 } },
      pro_code: { message: 'Enter your pro code.' },
    });
  });

  it('counts a password in characters, not UTF-16 units', () => {
    expect(validateProCreate({ ...valid, password: '🏂'.repeat(10) }, RULES)).toEqual({});
  });
});

describe('proCodeError', () => {
  it('wants letters, digits and dashes, at most 40', () => {
    expect(proCodeError('PRO-US-DEMO')).toBeNull();
    expect(proCodeError('pro-us-demo')).toBeNull();
    expect(proCodeError('')).toEqual({ message: 'Enter your pro code.' });
    expect(proCodeError('PRO US')).toEqual({ message: 'A pro code has only letters, digits and dashes.' });
    expect(proCodeError('P'.repeat(41))).toMatchObject({ values: { max: 40 } });
  });
});

describe('passwordPolicyMessage', () => {
  it("words the engine's password policy for the shopper", () => {
    expect(passwordPolicyMessage('must be at least 10 characters', RULES)).toEqual({
      message: 'Use at least {min} characters.',
      values: { min: 10 },
    });
    expect(passwordPolicyMessage('is too common: it appears in lists of breached passwords', RULES).message).toMatch(
      /breached/,
    );
    expect(passwordPolicyMessage('must not be your email address', RULES).message).toBe(
      'Your password must not be your email address.',
    );
    expect(passwordPolicyMessage('something new', RULES).message).toBe('Choose another password.');
  });
});

describe('orderedErrors and proFieldId', () => {
  it('lists errors in the order of the form, and ids per form', () => {
    const errors = orderedErrors({ pro_code: { message: 'a' }, email: { message: 'b' }, first_name: { message: 'c' } });
    expect(Object.keys(errors)).toEqual(['first_name', 'email', 'pro_code']);
    expect(proFieldId('create', 'pro_code')).toBe('pro-create-pro-code');
    expect(proFieldId('signup', 'pro_code')).toBe('pro-signup-pro-code');
  });
});
