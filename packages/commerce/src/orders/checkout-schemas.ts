import { z } from 'zod';
import { parseInput } from '../validation';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTERS.test(value), { error: 'must not contain control characters' });
const required = (max: number) => text(max).min(1, { error: 'is required' });

/** A postal address as the checkout collects it; states are required where tax depends on them. */
export const addressSchema = z.strictObject({
  first_name: required(80),
  last_name: required(80),
  company: text(120).default(''),
  street_1: required(160),
  street_2: text(160).default(''),
  city: required(80),
  state: text(40).default(''),
  zip: required(16),
  country_iso2: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be a two-letter country code' })
    .transform((code) => code.toUpperCase()),
  phone: text(40).default(''),
});
export type AddressInput = z.input<typeof addressSchema>;

export const destinationInputSchema = z.strictObject({
  country_iso2: addressSchema.shape.country_iso2,
  state: text(40).default(''),
});

/** A provider's payment intent id (`pi_…`): letters, digits and underscores, 1–255 characters. */
export const paymentIntentIdSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(255, { error: 'must be at most 255 characters' })
  .regex(/^[A-Za-z0-9_]+$/, { error: 'must be a payment id (letters, digits and underscores)' });

/** `POST /api/cart/{cartId}/payments`: where the cart ships and how, which set the total to pay. */
export const paymentInputSchema = z.strictObject({
  shipping_address: destinationInputSchema,
  shipping_method_id: z.number().int().positive(),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const checkoutInputSchema = z.strictObject({
  email: z
    .email({ error: 'must be an email address' })
    .max(254)
    .transform((email) => email.toLowerCase()),
  shipping_address: addressSchema,
  /** Absent: bill to the shipping address. */
  billing_address: addressSchema.optional(),
  shipping_method_id: z.number().int().positive(),
  /**
   * The payment intent the shopper confirmed in the provider's card element (issue 28: the card
   * never reaches us, only the intent's id).
   */
  payment: z.strictObject({ intent_id: paymentIntentIdSchema }),
});
export type CheckoutInput = z.input<typeof checkoutInputSchema>;

/**
 * `Idempotency-Key`: a UUID the client makes for each new order (`crypto.randomUUID()`). A key
 * nobody can guess, and bound to the checkout that used it (docs/checkout.md 'Idempotency').
 */
export const idempotencyKeySchema = z
  .uuid({ error: 'must be a UUID, such as crypto.randomUUID() makes' })
  .transform((key) => key.toLowerCase());

/** The `Idempotency-Key` header's value, or a 400 naming the header. */
export const readIdempotencyKey = (idempotencyKey: string): string =>
  parseInput(idempotencyKeySchema.describe('Idempotency-Key'), idempotencyKey, 'Header');
