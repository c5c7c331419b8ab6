import { z } from 'zod';

/**
 * The settings area's request and answer shapes (issue 27 'Settings'), shared by the admin API
 * and the admin app's forms, so a field is refused with the same message in both. Amounts are
 * whole minor units (cents) of the zone's price-list region's currency.
 */

/** Shipping, tax and free-shipping settings belong to a price list; pro regions use their home region's. */
export const PRICE_LIST_REGIONS = ['us', 'ca', 'eu_region_1'] as const;
export type PriceListRegion = (typeof PRICE_LIST_REGIONS)[number];

/** The largest amount a setting takes: a million in major units, far above any shipping cost. */
const MAX_MINOR = 100_000_000;

const minorAmount = z
  .number({ error: 'Enter an amount in minor units (cents).' })
  .int({ error: 'Enter a whole number of minor units (cents).' })
  .min(0, { error: 'Cannot be negative.' })
  .max(MAX_MINOR, { error: `Cannot be more than ${MAX_MINOR}.` });

/** The record's `version` as the editor loaded it (its last change's time); a stale one is a 409. */
export const versionField = z
  .string({ error: 'Send the version you loaded.' })
  .min(1, { error: 'Send the version you loaded.' })
  .max(40, { error: 'Send the version you loaded.' });

export const priceListRegionSchema = z.enum(PRICE_LIST_REGIONS, {
  error: `Choose one of ${PRICE_LIST_REGIONS.join(', ')}.`,
});

const countryCode = z
  .string({ error: 'Enter a two-letter country code, such as US.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'Enter a two-letter country code, such as US.' });

const stateCode = z
  .string({ error: 'Enter a state or province code, such as CO or QC.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,3}$/, { error: 'Enter a state or province code, such as CO or QC.' });

/** Line breaks, tabs and other control characters have no place in a one-line setting (nor NUL in Postgres). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

const settingName = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, { error: `Enter ${what}.` })
    .max(max, { error: `Keep ${what} to ${max} characters.` })
    .regex(NO_CONTROL_CHARACTERS, { error: 'Use letters, digits and punctuation only, on one line.' });

// ---------------------------------------------------------------------------------------------
// Shipping zones and methods

export const zoneLocationSchema = z.object({
  countryIso2: countryCode,
  /** Set in a 'state' zone, absent (or null) in a 'country' zone. */
  stateIso2: stateCode.nullish(),
});

const zoneFields = {
  name: settingName('a zone name', 100),
  /** A 'state' zone lists states and wins over its country's 'country' zone. */
  type: z.enum(['country', 'state'], { error: 'Choose country or state.' }),
  enabled: z.boolean({ error: 'Choose on or off.' }).default(true),
  locations: z
    .array(zoneLocationSchema, { error: 'Add at least one place this zone ships to.' })
    .min(1, { error: 'Add at least one place this zone ships to.' })
    .max(300, { error: 'A zone lists at most 300 places.' }),
};

type ZoneShape = { type: 'country' | 'state'; locations: { countryIso2: string; stateIso2?: string | null }[] };

/** A state zone lists states, a country zone whole countries, each place once. */
function checkZoneLocations(zone: ZoneShape, context: z.RefinementCtx): void {
  const seen = new Set<string>();
  zone.locations.forEach((location, index) => {
    const hasState = location.stateIso2 !== undefined && location.stateIso2 !== null;
    if (zone.type === 'state' && !hasState) {
      context.addIssue({
        code: 'custom',
        path: ['locations', index, 'stateIso2'],
        message: 'A state zone lists states: enter one.',
      });
    }
    if (zone.type === 'country' && hasState) {
      context.addIssue({
        code: 'custom',
        path: ['locations', index, 'stateIso2'],
        message: 'A country zone ships to whole countries: leave the state empty, or make it a state zone.',
      });
    }
    const key = `${location.countryIso2}-${location.stateIso2 ?? ''}`;
    if (seen.has(key)) {
      context.addIssue({
        code: 'custom',
        path: ['locations', index, 'countryIso2'],
        message: 'This place is listed twice.',
      });
    }
    seen.add(key);
  });
}

export const createShippingZoneBody = z
  .object({ regionId: priceListRegionSchema, ...zoneFields })
  .superRefine(checkZoneLocations);
export const updateShippingZoneBody = z
  .object({ ...zoneFields, version: versionField })
  .superRefine(checkZoneLocations);
export type CreateShippingZone = z.infer<typeof createShippingZoneBody>;
export type UpdateShippingZone = z.infer<typeof updateShippingZoneBody>;

export const shippingRangeSchema = z.object({
  lowerMinor: minorAmount,
  /** Exclusive; null on the last range: no upper limit. */
  upperMinor: minorAmount.nullable(),
  costMinor: minorAmount,
});

/** Ranges ascend without overlapping (upper limits exclusive); only the last is open-ended. */
const shippingRanges = z
  .array(shippingRangeSchema, { error: 'Add at least one range.' })
  .min(1, { error: 'Add at least one range.' })
  .max(50, { error: 'A method has at most 50 ranges.' })
  .superRefine((ranges, context) => {
    ranges.forEach((range, index) => {
      const next = ranges[index + 1];
      if (range.upperMinor !== null && range.upperMinor <= range.lowerMinor) {
        context.addIssue({ code: 'custom', path: [index, 'upperMinor'], message: 'Must be above the lower limit.' });
      }
      if (next && range.upperMinor === null) {
        context.addIssue({
          code: 'custom',
          path: [index, 'upperMinor'],
          message: 'Only the last range may have no upper limit.',
        });
      }
      if (next && range.upperMinor !== null && next.lowerMinor < range.upperMinor) {
        context.addIssue({
          code: 'custom',
          path: [index + 1, 'lowerMinor'],
          message: 'Must not be below the previous range’s upper limit.',
        });
      }
    });
  });

const methodName = settingName('a method name', 120);
const methodEnabled = z.boolean({ error: 'Choose on or off.' }).default(true);

/** The three method kinds (spec §3 'Shipping method'); `extra` adds the version on an edit. */
function shippingMethodBody<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.discriminatedUnion(
    'type',
    [
      // A handling fee would make free shipping cost something, so free shipping takes none.
      z.object({
        name: methodName,
        enabled: methodEnabled,
        type: z.literal('freeshipping'),
        minimumSubtotalMinor: minorAmount,
        ...extra,
      }),
      z.object({
        name: methodName,
        enabled: methodEnabled,
        type: z.literal('flatrate'),
        rateMinor: minorAmount,
        handlingFeeMinor: minorAmount.default(0),
        ...extra,
      }),
      z.object({
        name: methodName,
        enabled: methodEnabled,
        type: z.literal('total'),
        ranges: shippingRanges,
        handlingFeeMinor: minorAmount.default(0),
        ...extra,
      }),
    ],
    { error: 'Choose free shipping, flat rate or by order total.' },
  );
}

export const createShippingMethodBody = shippingMethodBody({});
export const updateShippingMethodBody = shippingMethodBody({ version: versionField });
export type ShippingMethodInput = z.infer<typeof createShippingMethodBody>;
export type UpdateShippingMethod = z.infer<typeof updateShippingMethodBody>;

export const SHIPPING_METHOD_TYPES = ['freeshipping', 'flatrate', 'total'] as const;

export const shippingMethodView = z.object({
  id: z.number(),
  zoneId: z.number(),
  name: z.string(),
  type: z.enum(SHIPPING_METHOD_TYPES),
  enabled: z.boolean(),
  minimumSubtotalMinor: z.number().optional(),
  rateMinor: z.number().optional(),
  ranges: z
    .array(z.object({ lowerMinor: z.number(), upperMinor: z.number().nullable(), costMinor: z.number() }))
    .optional(),
  handlingFeeMinor: z.number(),
  version: z.string(),
});
export type ShippingMethodView = z.infer<typeof shippingMethodView>;

export const shippingZoneView = z.object({
  id: z.number(),
  regionId: z.string(),
  /** The currency of the zone's amounts: its price-list region's default currency. */
  currencyCode: z.string(),
  name: z.string(),
  type: z.enum(['country', 'state']),
  enabled: z.boolean(),
  locations: z.array(z.object({ countryIso2: z.string(), stateIso2: z.string().nullable() })),
  methods: z.array(shippingMethodView),
  version: z.string(),
});
export type ShippingZoneView = z.infer<typeof shippingZoneView>;

// ---------------------------------------------------------------------------------------------
// Tax

/**
 * A rate in percent with at most three decimals (Québec's 14.975 %), as the shop stores rates
 * exactly: integer thousandths of a percent.
 */
export const ratePercentSchema = z
  .number({ error: 'Enter a rate in percent, such as 19 or 14.975.' })
  .min(0, { error: 'Cannot be negative.' })
  .max(100, { error: 'Cannot be more than 100 %.' })
  .refine((rate) => Math.abs(rate * 1000 - Math.round(rate * 1000)) < 1e-6, {
    error: 'Use at most three decimals, such as 14.975.',
  });

export const createTaxRateBody = z.object({
  countryIso2: countryCode,
  /** Absent or empty for a country's rate; set for a state's or province's. */
  stateIso2: z.union([stateCode, z.literal('')]).optional(),
  name: settingName('the tax name shoppers see, such as VAT', 60),
  ratePercent: ratePercentSchema,
});
export const updateTaxRateBody = z.object({
  name: settingName('the tax name shoppers see, such as VAT', 60),
  ratePercent: ratePercentSchema,
  version: versionField,
});
export type CreateTaxRate = z.infer<typeof createTaxRateBody>;
export type UpdateTaxRate = z.infer<typeof updateTaxRateBody>;

/** A rate's key in a URL: the country (`DE`), or country and state (`US-CO`). */
export const taxRateKeySchema = z
  .string()
  .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, { error: 'Name a rate as a country (DE) or country and state (US-CO).' });

export const taxRateView = z.object({
  key: z.string(),
  countryIso2: z.string(),
  /** '' for a country's rate. */
  stateIso2: z.string(),
  name: z.string(),
  ratePercent: z.number(),
  version: z.string(),
});
export type TaxRateView = z.infer<typeof taxRateView>;

export const updateTaxSettingsBody = z.object({
  pricesIncludeTax: z.boolean({ error: 'Choose whether prices include tax.' }),
  version: versionField,
});
export type UpdateTaxSettings = z.infer<typeof updateTaxSettingsBody>;

export const taxSettingsView = z.object({ regionId: z.string(), pricesIncludeTax: z.boolean(), version: z.string() });
export type TaxSettingsView = z.infer<typeof taxSettingsView>;

// ---------------------------------------------------------------------------------------------
// Free shipping hidden from customer groups (spec §5)

export const updateFreeShippingBody = z.object({
  /** Whether the region's shipping settings apply: free shipping is only hidden when they do. */
  isEnabled: z.boolean({ error: 'Choose on or off.' }),
  hideFreeShippingGroups: z
    .array(
      z
        .number({ error: 'Pick customer groups from the list.' })
        .int({ error: 'Pick customer groups from the list.' })
        .positive({ error: 'Pick customer groups from the list.' })
        .max(2_147_483_647, { error: 'Pick customer groups from the list.' }),
      {
        error: 'Pick customer groups from the list.',
      },
    )
    .max(100, { error: 'Pick at most 100 groups.' }),
  version: versionField,
});
export type UpdateFreeShipping = z.infer<typeof updateFreeShippingBody>;

export const freeShippingView = z.object({
  regionId: z.string(),
  isEnabled: z.boolean(),
  hideFreeShippingGroups: z.array(z.number()),
  version: z.string(),
});
export type FreeShippingView = z.infer<typeof freeShippingView>;

// ---------------------------------------------------------------------------------------------
// Store settings

/** BigCommerce's unit names, as the store settings keep them. */
export const WEIGHT_UNITS = ['Grams', 'Kilograms', 'Ounces', 'LBS'] as const;
export const DIMENSION_UNITS = ['Centimeters', 'Inches'] as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const email = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .max(254, { error: 'Keep the address to 254 characters.' })
    .pipe(z.email({ error: `Enter ${what}, such as shop@example.com.` }));

export const storeSettingsFields = z.object({
  name: settingName('the shop’s name', 100),
  /** The shop's host (and port), without a scheme: `piste.example`, `localhost:3000`. */
  domain: z
    .string({ error: 'Enter the shop’s domain.' })
    .trim()
    .toLowerCase()
    // Checked first and alone: the pattern need never walk a long text.
    .max(253, { error: 'Keep the domain to 253 characters.', abort: true })
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/, {
      error: 'Enter a domain without https://, such as shop.example.com.',
    }),
  adminEmail: email('the address the shop’s notices go to'),
  orderEmail: email('the address order emails come from'),
  weightUnits: z.enum(WEIGHT_UNITS, { error: `Choose one of ${WEIGHT_UNITS.join(', ')}.` }),
  dimensionUnits: z.enum(DIMENSION_UNITS, { error: `Choose one of ${DIMENSION_UNITS.join(', ')}.` }),
  timezone: z
    .string({ error: 'Choose a time zone, such as Europe/Berlin.' })
    .trim()
    .min(1, { error: 'Choose a time zone, such as Europe/Berlin.' })
    .max(64, { error: 'Choose a time zone, such as Europe/Berlin.' })
    .refine(isTimeZone, { error: 'Choose a time zone, such as Europe/Berlin.' }),
});
export const updateStoreSettingsBody = storeSettingsFields.extend({ version: versionField });
export type UpdateStoreSettings = z.infer<typeof updateStoreSettingsBody>;

export const storeSettingsView = z.object({
  name: z.string(),
  domain: z.string(),
  adminEmail: z.string(),
  orderEmail: z.string(),
  weightUnits: z.string(),
  dimensionUnits: z.string(),
  timezone: z.string(),
  version: z.string(),
});
export type StoreSettingsView = z.infer<typeof storeSettingsView>;

// ---------------------------------------------------------------------------------------------
// Overview

/** Settings kept as content entries, edited in the content editor (`/admin/content/<type>`). */
export const CONTENT_SETTINGS = [
  { contentType: 'brand_settings', label: 'Brand settings' },
  { contentType: 'display_text', label: 'Display texts' },
  { contentType: 'redirect', label: 'Redirects' },
] as const;

export const settingsOverview = z.object({
  /** False when BigCommerce keeps commerce: its control panel edits shipping, tax and the store. */
  commerceSettings: z.boolean(),
  regions: z.array(z.object({ id: z.string(), currencyCode: z.string(), decimalPlaces: z.number() })),
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type SettingsOverview = z.infer<typeof settingsOverview>;
