/**
 * Spec §9 'Content service regions' (eu, us, azure-na, azure-eu, gcp-na) and each one's Content
 * Delivery API host, from Contentstack's base URL list
 * (https://www.contentstack.com/docs/developers/contentstack-regions/api-endpoints and the CDA
 * reference's "Base URL", https://www.contentstack.com/docs/developers/apis/content-delivery-api).
 */
export const CONTENT_DELIVERY_HOSTS = {
  us: 'cdn.contentstack.io',
  eu: 'eu-cdn.contentstack.com',
  'azure-na': 'azure-na-cdn.contentstack.com',
  'azure-eu': 'azure-eu-cdn.contentstack.com',
  'gcp-na': 'gcp-na-cdn.contentstack.com',
} as const;

export type ContentRegion = keyof typeof CONTENT_DELIVERY_HOSTS;

export const CONTENT_REGIONS = Object.keys(CONTENT_DELIVERY_HOSTS) as [ContentRegion, ...ContentRegion[]];

/** The delivery API root of a region's stacks (spec §9: "API version v3 over https on port 443"). */
export function contentDeliveryBaseUrl(region: ContentRegion): string {
  return `https://${CONTENT_DELIVERY_HOSTS[region]}/v3`;
}

/** The branch every stack has, and the only one the embedded content service serves. */
export const DEFAULT_CONTENT_BRANCH = 'main';

/**
 * Each region's Content Management API host, from the same base URL list
 * (https://www.contentstack.com/docs/developers/contentstack-regions/api-endpoints).
 */
export const CONTENT_MANAGEMENT_HOSTS = {
  us: 'api.contentstack.io',
  eu: 'eu-api.contentstack.com',
  'azure-na': 'azure-na-api.contentstack.com',
  'azure-eu': 'azure-eu-api.contentstack.com',
  'gcp-na': 'gcp-na-api.contentstack.com',
} as const satisfies Record<ContentRegion, string>;

/** The Management API root of a region's stacks. */
export function contentManagementBaseUrl(region: ContentRegion): string {
  return `https://${CONTENT_MANAGEMENT_HOSTS[region]}/v3`;
}
