import { isRouteErrorResponse } from 'react-router';
import type { ProductCardView } from '../features/catalogue/product-card-view';
import type { CurrencyFormatView } from '../features/catalogue/product-view';
import { pageTitle } from './brand';

/** What a 410 carries besides the product ids: products to suggest instead, ready to show. */
export interface ErrorRecommendations {
  products: ProductCardView[];
  currency: CurrencyFormatView | null;
  language: string;
}

export interface ErrorPageModel {
  status: number;
  kind: 'not-found' | 'product-unavailable' | 'broken';
  /** Products named by a 410, for the 'product no longer available' section. */
  productIds: string[];
  recommendations?: ErrorRecommendations;
}

function recommendationsOf(data: unknown): ErrorRecommendations | undefined {
  const candidate = data as { recommended?: unknown; currency?: unknown; language?: unknown };
  if (!Array.isArray(candidate.recommended)) return undefined;
  return {
    products: candidate.recommended as ProductCardView[],
    currency: (candidate.currency ?? null) as CurrencyFormatView | null,
    language: typeof candidate.language === 'string' ? candidate.language : 'en',
  };
}

function productIdsOf(data: unknown): string[] {
  if (!data || typeof data !== 'object' || !('productIds' in data)) return [];
  const { productIds } = data as { productIds: unknown };
  return Array.isArray(productIds) ? productIds.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Spec §2 'Error page': 404 is 'Page not found'; 410 with product ids is the
 * product-no-longer-available page, 410 without them behaves as 404; anything else broke.
 */
export function describeError(error: unknown): ErrorPageModel {
  if (!isRouteErrorResponse(error)) return { status: 500, kind: 'broken', productIds: [] };
  const productIds = productIdsOf(error.data);
  if (error.status === 410 && productIds.length > 0) {
    const recommendations = recommendationsOf(error.data);
    return { status: 410, kind: 'product-unavailable', productIds, ...(recommendations ? { recommendations } : {}) };
  }
  if (error.status === 404 || error.status === 410) return { status: 404, kind: 'not-found', productIds: [] };
  return { status: error.status, kind: 'broken', productIds: [] };
}

/** Spec §2: 'Product Not Available' for 410, otherwise 'Page Not Found', then the brand title. */
export function errorPageTitle(model: ErrorPageModel): string {
  return pageTitle(model.kind === 'product-unavailable' ? 'Product Not Available' : 'Page Not Found');
}
