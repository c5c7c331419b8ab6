import { z } from 'zod';

/**
 * The parts of BigCommerce's v2 store answers the provider reads (extra fields are ignored).
 * Written from github.com/bigcommerce/docs: reference/store_information.v2.yml,
 * reference/currencies.v2.yml, reference/geography.v2.yml and reference/shipping.v2.yml.
 */

/** `GET /v2/store` (StoreInformation). */
export const storeInformationSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  secure_url: z.string(),
  admin_email: z.string(),
  order_email: z.string(),
  timezone: z.object({ name: z.string() }),
  weight_units: z.string(),
  dimension_units: z.string(),
});

/** `GET /v2/currencies` item (currency_Full). */
export const currencySchema = z.object({
  id: z.number().int(),
  is_default: z.boolean(),
  currency_code: z.string(),
  name: z.string(),
  token: z.string(),
  decimal_token: z.string(),
  thousands_token: z.string(),
  decimal_places: z.number().int(),
  token_location: z.enum(['left', 'right']),
  enabled: z.boolean(),
});
export type WireCurrency = z.infer<typeof currencySchema>;

/** `GET /v2/countries` item (country_Full). */
export const countrySchema = z.object({
  id: z.number().int(),
  country: z.string(),
  country_iso2: z.string(),
  country_iso3: z.string(),
});

/** `GET /v2/countries/{country_id}/states` item (countriesState_Full). */
export const countryStateSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  state_abbreviation: z.string(),
  country_id: z.number().int(),
});

/** Amounts come as numbers or decimal strings ('(Float, Float-As-String, Integer)'). */
const amount = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** `GET /v2/shipping/zones` item (Shipping Zone). */
export const shippingZoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(['zip', 'country', 'state', 'global']),
  locations: z
    .array(
      z.object({
        id: z.number().int(),
        country_iso2: z.string().optional(),
        state_iso2: z.string().optional(),
        zip: z.string().optional(),
      }),
    )
    .default([]),
  free_shipping: z.object({ enabled: z.boolean(), minimum_sub_total: amount.optional() }).optional(),
  enabled: z.boolean(),
});
export type WireShippingZone = z.infer<typeof shippingZoneSchema>;

const rangeSchema = z.object({ lower_limit: amount, upper_limit: amount, shipping_cost: amount });

/** `GET /v2/shipping/zones/{zone_id}/methods` item (shippingMethod_Full); settings depend on `type`. */
export const shippingMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  settings: z
    .object({
      rate: amount.optional(),
      default_cost: amount.nullable().optional(),
      default_cost_type: z.string().optional(),
      range: z.array(rangeSchema).optional(),
    })
    .loose(),
  enabled: z.boolean(),
  handling_fees: z.object({ fixed_surcharge: amount.optional(), percentage_surcharge: amount.optional() }).optional(),
});
export type WireShippingMethod = z.infer<typeof shippingMethodSchema>;
