import { CONTENT_URL_PREFIXES, type LinkContentType } from '@piste/content';
import type { SearchDocument, SearchDocumentType } from '../search-document';

/** The content stack and environment documents are read from (spec §7: search filters can name them). */
export interface DocumentSource {
  stack: string;
  environment: string;
}

/** Descriptions are for matching and snippets; a few thousand characters cover what a reader scans. */
export const MAX_DESCRIPTION_LENGTH = 4_000;

export function documentId(type: SearchDocumentType, uid: string, locale: string): string {
  return `${type}-${uid}-${locale}`;
}

/**
 * An entry's app path without the locale (spec §2 'Content-type URL prefixes'): its type's
 * prefix before its `url`, as the storefront links it (`blog`, `/first-tracks` → `/blog/p/first-tracks`).
 */
export function entryPath(contentType: LinkContentType, url: string): string {
  const prefix = CONTENT_URL_PREFIXES[contentType];
  const rest = url.trim().replace(/^\/+/, '');
  return rest === '' ? prefix || '/' : `${prefix}/${rest}`;
}

export function hasText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The later of two ISO 8601 instants, normalised to `toISOString` form. */
export function laterInstant(left: string, right: string): string {
  return new Date(Math.max(Date.parse(left) || 0, Date.parse(right) || 0)).toISOString();
}

/** The fields only products fill, empty for content entries (which are never 'in stock'). */
export function noProductFields(): Pick<SearchDocument, 'category_path' | 'colours' | 'sizes' | 'in_stock'> {
  return { category_path: '', colours: [], sizes: [], in_stock: 'false' };
}
