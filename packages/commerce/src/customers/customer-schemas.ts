import { z } from 'zod';
import { ADDRESS_TYPES } from './customer-kinds';
import { MAX_PASSWORD_LENGTH, passwordProblem } from './password-policy';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'must not contain control characters' });
const required = (max: number) => text(max).min(1, { error: 'is required' });

export const emailSchema = z
  .string()
  .trim()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an email address' }))
  .transform((email) => email.toLowerCase());

/** A password being checked: any string up to the maximum (the policy applies to new ones only). */
const givenPassword = z
  .string()
  .min(1, { error: 'is required' })
  .max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` });

/** A password being set: the policy of password-policy.ts. */
export const newPasswordSchema = z.string().superRefine((password, ctx) => {
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const proCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(40, { error: 'must be at most 40 characters' })
  .regex(/^[A-Za-z0-9-]+$/, { error: 'must be letters, digits and dashes' })
  .transform((code) => code.toUpperCase());

/** `POST customers/login` (spec §7: email, pw). */
export const loginSchema = z.strictObject({ email: emailSchema, pw: givenPassword });

/** `POST customers/validate` (spec §7: customer, pw): the customer is their email. */
export const validateCredentialsSchema = z.strictObject({ customer: emailSchema, pw: givenPassword });

const profileFields = {
  first_name: required(80),
  last_name: required(80),
  company: text(120).default(''),
  phone: text(40).default(''),
  accepts_marketing: z.boolean().default(false),
};

/** `POST customers/create`: a new account, optionally with a pro code (spec §2 /pro/create). */
export const customerCreateSchema = z
  .strictObject({
    email: emailSchema,
    password: newPasswordSchema,
    ...profileFields,
    pro_code: proCodeSchema.optional(),
  })
  .superRefine((input, ctx) => {
    const problem = passwordProblem(input.password, input.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type CustomerCreateInput = z.output<typeof customerCreateSchema>;

/**
 * `PUT customers/{id}`: profile fields; changing the email or the password needs the current
 * password, so a session left open on a shared computer cannot take the account over.
 */
export const customerUpdateSchema = z
  .strictObject({
    first_name: required(80).optional(),
    last_name: required(80).optional(),
    company: text(120).optional(),
    phone: text(40).optional(),
    accepts_marketing: z.boolean().optional(),
    email: emailSchema.optional(),
    new_password: newPasswordSchema.optional(),
    current_password: givenPassword.optional(),
    pro_code: proCodeSchema.optional(),
  })
  .superRefine((input, ctx) => {
    if ((input.email !== undefined || input.new_password !== undefined) && input.current_password === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['current_password'],
        message: 'is required to change the email or the password',
      });
    }
  });
export type CustomerUpdateInput = z.output<typeof customerUpdateSchema>;

/** `DELETE customers/{id}`: the account's password confirms it. */
export const customerDeleteSchema = z.strictObject({ pw: givenPassword });

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code' })
  .transform((code) => code.toUpperCase());

/** Address fields as an update sends them: only what changes. */
const addressFields = {
  first_name: required(80),
  last_name: required(80),
  company: text(120),
  address1: required(160),
  address2: text(160),
  city: required(80),
  state_or_province: text(40),
  postal_code: required(16),
  country_code: countryCode,
  phone: text(40),
  address_type: z.enum(ADDRESS_TYPES),
  is_default: z.boolean(),
};

/** A customer address (BigCommerce's customer address fields). */
export const customerAddressSchema = z.strictObject({
  ...addressFields,
  company: addressFields.company.default(''),
  address2: addressFields.address2.default(''),
  state_or_province: addressFields.state_or_province.default(''),
  phone: addressFields.phone.default(''),
  address_type: addressFields.address_type.default('residential'),
  is_default: addressFields.is_default.default(false),
});
export type CustomerAddressInput = z.output<typeof customerAddressSchema>;

/** `PUT customers/{id}/addresses`: the address's id and the fields that change. */
export const customerAddressUpdateSchema = z
  .strictObject(addressFields)
  .partial()
  .extend({ id: z.number().int().positive().max(2_147_483_647) });
export type CustomerAddressUpdateInput = z.output<typeof customerAddressUpdateSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetSchema = z.strictObject({
  token: z.string().regex(/^[0-9a-f]{64}$/, { error: 'is not a valid reset token' }),
  new_password: newPasswordSchema,
});
