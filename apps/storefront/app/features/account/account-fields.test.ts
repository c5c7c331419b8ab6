import { describe, expect, it } from 'vitest';
import {
  customerAddressSchema,
  customerCreateSchema,
  customerDeleteSchema,
  customerUpdateSchema,
  loginSchema,
  passwordResetSchema,
} from '@piste/commerce';
import { DomainError } from '@piste/core';
import {
  accountFieldId,
  accountProblem,
  EMAIL_TAKEN,
  errorsFromIssues,
  fieldOfForm,
  messageForProblem,
  orderedErrors,
  RESET_LINK_UNUSABLE,
} from './account-fields';
import { REQUIRED } from '../../components/form/form-kit';
import { translateWith } from '../../lib/display-text';

describe('messageForProblem', () => {
  it('turns the engine phrases into sentences with their numbers as values', () => {
    expect(messageForProblem('is required')).toEqual(REQUIRED);
    expect(messageForProblem('must be at least 10 characters')).toEqual({
      message: 'Use at least {min} characters.',
      values: { min: 10 },
    });
    expect(messageForProblem('must be at most 80 characters.')).toEqual({
      message: 'Use at most {max} characters.',
      values: { max: 80 },
    });
    expect(messageForProblem('must be an email address').message).toBe(
      'Enter a valid email address, like name@example.com.',
    );
    expect(messageForProblem('is too common: it appears in lists of breached passwords').message).toMatch(/too common/);
    expect(messageForProblem('must not be your email address').message).toBe(
      'Your password must not be your email address.',
    );
    expect(messageForProblem('is not a valid reset token')).toEqual(RESET_LINK_UNUSABLE);
  });

  it('never shows a phrase it does not know', () => {
    expect(messageForProblem('Invalid input: expected string, received undefined')).toEqual({
      message: 'Check this field.',
    });
  });
});

describe('errorsFromIssues with the engine schemas', () => {
  it('maps every refused field of the create form, first problem per field', () => {
    const parsed = customerCreateSchema.safeParse({
      first_name: '  ',
      last_name: 'Rivers',
      email: 'not-an-email',
      password: 'short',
      accepts_marketing: false,
    });
    expect(parsed.success).toBe(false);
    const { errors, unplaced } = errorsFromIssues(parsed.error!.issues, fieldOfForm('create'));
    expect(unplaced).toBe(false);
    expect(errors).toEqual({
      first_name: REQUIRED,
      email: { message: 'Enter a valid email address, like name@example.com.' },
      password: { message: 'Use at least {min} characters.', values: { min: 10 } },
    });
  });

  it('refuses a breached password and one that is the email', () => {
    const common = customerCreateSchema.safeParse({
      first_name: 'Sam',
      last_name: 'Rivers',
      email: 'sam@example.com',
      password: 'password123',
    });
    expect(errorsFromIssues(common.error!.issues, fieldOfForm('create')).errors.password?.message).toMatch(
      /too common/,
    );
    const own = customerCreateSchema.safeParse({
      first_name: 'Sam',
      last_name: 'Rivers',
      email: 'sam.rivers.long@example.com',
      password: 'SAM.rivers.long@example.com',
    });
    expect(errorsFromIssues(own.error!.issues, fieldOfForm('create')).errors.password?.message).toBe(
      'Your password must not be your email address.',
    );
  });

  it("names sign-in's `pw` the password field, and an empty one is required", () => {
    const parsed = loginSchema.safeParse({ email: '', pw: '' });
    const { errors } = errorsFromIssues(parsed.error!.issues, fieldOfForm('signin'));
    expect(Object.keys(errors)).toEqual(['email', 'password']);
    expect(errors.password).toEqual(REQUIRED);
  });

  it('asks for the current password when the email or password changes', () => {
    const parsed = customerUpdateSchema.safeParse({ email: 'new@example.com' });
    expect(errorsFromIssues(parsed.error!.issues, fieldOfForm('email')).errors).toEqual({
      current_password: { message: 'Enter your current password to change your email or password.' },
    });
  });

  it("names the delete form's `pw` its current password, where a wrong one is marked too", () => {
    const parsed = customerDeleteSchema.safeParse({ pw: '' });
    expect(errorsFromIssues(parsed.error!.issues, fieldOfForm('delete'))).toEqual({
      errors: { current_password: REQUIRED },
      unplaced: false,
    });
    const wrong = accountProblem(new DomainError('UNAUTHORIZED', 'x', 'INVALID_PASSWORD'))!;
    expect(fieldOfForm('delete')(wrong.field!)).toBe('current_password');
    expect(fieldOfForm('signin')('pw')).toBe('password');
  });

  it('maps address fields, a missing value reading as required', () => {
    const parsed = customerAddressSchema.safeParse({
      first_name: 'Sam',
      last_name: 'Rivers',
      address1: '',
      city: 'Denver',
      postal_code: '80202',
      country_code: 'USA',
    });
    expect(errorsFromIssues(parsed.error!.issues, fieldOfForm('address')).errors).toEqual({
      address1: REQUIRED,
      country_code: { message: 'Choose a country.' },
    });
    const missing = customerAddressSchema.safeParse({ first_name: 'Sam' });
    expect(errorsFromIssues(missing.error!.issues, fieldOfForm('address')).errors.city).toEqual(REQUIRED);
  });

  it('reports issues about fields the form does not have as unplaced', () => {
    const parsed = passwordResetSchema.safeParse({ token: 'nope', new_password: 'a-long-enough-passphrase' });
    const { errors, unplaced } = errorsFromIssues(parsed.error!.issues, fieldOfForm('reset'));
    expect(errors).toEqual({});
    expect(unplaced).toBe(true);
  });
});

describe('accountProblem', () => {
  it('answers a wrong email or password the same way, on the password field', () => {
    const problem = accountProblem(
      new DomainError('UNAUTHORIZED', 'The email or password is incorrect.', 'INVALID_CREDENTIALS'),
    );
    expect(problem).toEqual({
      status: 401,
      field: 'pw',
      message: { message: 'The email or password is incorrect.' },
    });
    expect(fieldOfForm('signin')(problem!.field!)).toBe('password');
  });

  it('puts a taken email on the email field with 409', () => {
    expect(accountProblem(new DomainError('CONFLICT', 'taken', 'EMAIL_TAKEN'))).toEqual({
      status: 409,
      field: 'email',
      message: EMAIL_TAKEN,
    });
  });

  it('puts a wrong current password on its field with 401', () => {
    const problem = accountProblem(new DomainError('UNAUTHORIZED', 'x', 'INVALID_PASSWORD'));
    expect(problem?.status).toBe(401);
    expect(fieldOfForm('password')(problem!.field!)).toBe('current_password');
  });

  it("reads the engine's `Field \\`name\\` …` messages", () => {
    const problem = accountProblem(
      new DomainError('INVALID_DATA', 'Field `new_password` must not be your email address.', 'INVALID_PARAMETER'),
    );
    expect(problem).toEqual({
      status: 400,
      field: 'new_password',
      message: { message: 'Your password must not be your email address.' },
    });
  });

  it('says when to try again after too many attempts', () => {
    const limited = Object.assign(new DomainError('RATE_LIMITED', 'Too many attempts.', 'RATE_LIMITED'), {
      retryAfterSeconds: 901,
    });
    const t = translateWith({}, 'en');
    const shown = (error: DomainError) => {
      const message = accountProblem(error)!.message;
      return t(message.message, message.values);
    };
    expect(accountProblem(limited)?.status).toBe(429);
    expect(accountProblem(limited)?.field).toBeNull();
    expect(shown(limited)).toBe('Too many attempts. Try again in 16 minutes.');
    const soon = new DomainError('RATE_LIMITED', 'Too many attempts. Try again in 1 minute.', 'RATE_LIMITED');
    expect(shown(soon)).toBe('Too many attempts. Try again in a minute.');
  });

  it('answers an expired reset link for the whole form', () => {
    expect(accountProblem(new DomainError('INVALID_DATA', 'x', 'RESET_TOKEN_INVALID'))).toEqual({
      status: 400,
      field: null,
      message: RESET_LINK_UNUSABLE,
    });
  });

  it('leaves other errors to the page', () => {
    expect(accountProblem(new Error('database down'))).toBeNull();
    expect(accountProblem(new DomainError('NOT_FOUND', 'Address 3 does not exist.'))).toBeNull();
  });
});

describe('form helpers', () => {
  it('orders errors as the form shows its fields', () => {
    expect(Object.keys(orderedErrors('create', { password: REQUIRED, first_name: REQUIRED, email: REQUIRED }))).toEqual(
      ['first_name', 'email', 'password'],
    );
  });

  it('drops errors about fields the form does not have', () => {
    expect(fieldOfForm('signin')('first_name')).toBeNull();
    expect(orderedErrors('signin', { first_name: REQUIRED })).toEqual({});
  });

  it('gives each form its own ids', () => {
    expect(accountFieldId('email', 'current_password')).toBe('email-current-password');
    expect(accountFieldId('password', 'current_password')).toBe('password-current-password');
  });
});
