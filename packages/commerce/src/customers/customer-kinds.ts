/**
 * Enumerations shared by the customer tables and the request schemas. Kept apart from the tables
 * so the request schemas stay browser-safe (no drizzle column builders in a client bundle).
 */

/** The pro regions a pro code grants (spec §4 'Region resolution for pro customers'). */
export const PRO_CODE_REGIONS = ['pro', 'pro_ca', 'pro_eu_region_1'] as const;
export type ProCodeRegion = (typeof PRO_CODE_REGIONS)[number];

export const ADDRESS_TYPES = ['residential', 'commercial'] as const;
