import { z } from 'zod';

/** What the shipping calls accept, shared by every provider so bad input is refused the same way (400). */

const upperCaseCode = (pattern: RegExp, error: string) =>
  z
    .string({ error })
    .trim()
    .regex(pattern, { error })
    .transform((code) => code.toUpperCase());
const countryCode = upperCaseCode(/^[A-Za-z]{2}$/, 'must be a two-letter ISO country code');
const stateCode = upperCaseCode(/^[A-Za-z0-9]{0,3}$/, 'must be a state or province code of up to three characters');

/**
 * A destination from an address form: ISO 3166-1 alpha-2 country, and a state or province
 * abbreviation where the country has them ('' counts as none).
 */
export const destinationSchema = z.object({
  country: countryCode,
  state: stateCode.optional().transform((state) => state || undefined),
});

const minorAmount = z
  .number({ error: 'must be a whole number of minor units' })
  .int({ error: 'must be a whole number of minor units' })
  .min(0, { error: 'must not be negative' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'is too large' });

const customerGroupId = z.number().int().nonnegative().optional();

export const quoteInputSchema = destinationSchema.extend({ subtotalMinor: minorAmount, customerGroupId });

export const thresholdInputSchema = z.object({
  country: countryCode.optional(),
  customerGroupId,
});
