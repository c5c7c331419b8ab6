import { isRouteErrorResponse } from 'react-router';
import { CARD_DATA_REFUSED } from '@piste/core';
import type { ErrorPageContentView } from './error-page-content-view';
import { pageTitle } from '../../lib/brand';
import type { Translate } from '../../lib/display-text';

export interface ErrorPageModel {
  status: number;
  kind: 'not-found' | 'product-unavailable' | 'card-refused' | 'broken';
  /** Products named by a 410, for the 'product no longer available' section. */
  productIds: string[];
  /** A 410's error page content: its copy and the products to suggest instead. */
  errorPage?: ErrorPageContentView;
}

function errorPageOf(data: unknown): ErrorPageContentView | undefined {
  const candidate = (data as { errorPage?: Partial<ErrorPageContentView> } | null)?.errorPage;
  if (!candidate || !Array.isArray(candidate.products)) return undefined;
  return candidate as ErrorPageContentView;
}

function productIdsOf(data: unknown): string[] {
  if (!data || typeof data !== 'object' || !('productIds' in data)) return [];
  const { productIds } = data as { productIds: unknown };
  return Array.isArray(productIds) ? productIds.filter((id): id is string => typeof id === 'string') : [];
}

/** A form refused for holding a card number (readFormData, docs/checkout.md 'The card guard'). */
const refusedCardData = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { code?: unknown }).code === CARD_DATA_REFUSED;

/**
 * Spec §2 'Error page': 404 is 'Page not found'; 410 with product ids is the
 * product-no-longer-available page, 410 without them behaves as 404; a form refused for holding
 * a card number says so (issue 28); anything else broke.
 */
export function describeError(error: unknown): ErrorPageModel {
  if (!isRouteErrorResponse(error)) return { status: 500, kind: 'broken', productIds: [] };
  if (error.status === 400 && refusedCardData(error.data)) return { status: 400, kind: 'card-refused', productIds: [] };
  const productIds = productIdsOf(error.data);
  if (error.status === 410 && productIds.length > 0) {
    const errorPage = errorPageOf(error.data);
    return { status: 410, kind: 'product-unavailable', productIds, ...(errorPage ? { errorPage } : {}) };
  }
  if (error.status === 404 || error.status === 410) return { status: 404, kind: 'not-found', productIds: [] };
  return { status: error.status, kind: 'broken', productIds: [] };
}

/**
 * The raw error, which the page shows only in development (spec §2): an exception's stack, or
 * a route error's message, such as an unmatched route's 'Page Not Found: {path}' (spec §8).
 */
export function rawErrorText(error: unknown): string | null {
  if (error instanceof Error) return error.stack ?? error.message;
  if (isRouteErrorResponse(error) && typeof error.data === 'string') return error.data;
  return null;
}

/** Spec §2: 'Product Not Available' for 410, otherwise 'Page Not Found', then the brand title. */
export function errorPageTitle(model: ErrorPageModel, t: Translate): string {
  const title = model.kind === 'product-unavailable' ? 'Product Not Available' : 'Page Not Found';
  const translated = t(title);
  // The same words' display text is the heading's, in sentence case: English keeps the spec's casing.
  return pageTitle(translated.toLowerCase() === title.toLowerCase() ? title : translated);
}
