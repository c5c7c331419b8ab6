export * from './rules/safe-url';
export * from './rules/link-building';
export * from './rules/display-text';
export * from './rules/same-entries';
export * from './rules/banner-rules';
export * from './rules/hotspot-rules';
export type * from './entry-types';
export * from './rules/product-attributes';
export type * from './delivery/types';
