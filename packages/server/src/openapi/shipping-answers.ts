import { z } from 'zod';
import type { ShippingMethodDto, ShippingZoneDto } from '@piste/commerce';

/** The shipping calls' answers (BigCommerce v2 shapes, packages/commerce/src/shipping/shipping-contract.ts). */
export const shippingZone: z.ZodType<ShippingZoneDto> = z
  .object({
    id: z.number(),
    name: z.string(),
    type: z.enum(['country', 'state']),
    locations: z.array(z.object({ id: z.number(), country_iso2: z.string(), state_iso2: z.string().optional() })),
    enabled: z.boolean(),
  })
  .meta({ id: 'ShippingZone' });

export const shippingMethod: z.ZodType<ShippingMethodDto> = z
  .object({
    id: z.number(),
    name: z.string(),
    type: z.enum(['freeshipping', 'total', 'flatrate']),
    settings: z.union([
      z.object({ carrier_options: z.object({ minimum_sub_total: z.number() }) }),
      z.object({
        range: z.array(
          z.object({ lower_limit: z.number(), upper_limit: z.number().nullable(), shipping_cost: z.number() }),
        ),
      }),
      z.object({ rate: z.number() }),
    ]),
    enabled: z.boolean(),
    handling_fees: z.object({ fixed_surcharge: z.number() }),
  })
  .meta({ id: 'ShippingMethod' });

/** Spec §7 `GET /api/pro/shipping_method_settings`: the customer groups free shipping is hidden from. */
export const shippingMethodSettings = z.object({ hide_free_shipping_groups: z.array(z.number()) });
