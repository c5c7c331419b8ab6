import { describe, expect, it } from 'vitest';
import { contentNameOf, contentViewEvent, viewNameOf } from './content-view';

describe('viewNameOf', () => {
  it.each([
    ['index', 'home'],
    ['lang-index', 'home'],
    ['lang-page', 'content-page'],
    ['lang-unmatched', 'not-found'],
    ['unmatched', 'not-found'],
    ['routes/product', 'product'],
    ['routes/category', 'category'],
    ['routes/search', 'search'],
    ['routes/cart', 'cart'],
    ['routes/checkout', 'checkout'],
    ['routes/checkout-confirmation', 'checkout-confirmation'],
    ['routes/landing-page', 'landing-page'],
    ['routes/blog/blog-list', 'blog-list'],
    ['routes/blog/blog-post', 'blog-post'],
    ['routes/support/support-entry', 'support-entry'],
    ['routes/account/account-home', 'account-home'],
    ['routes/account/orders', 'account-orders'],
    ['routes/pro/pro-signup', 'pro-signup'],
  ])('names the view of route %s %s', (routeId, viewName) => {
    expect(viewNameOf(routeId)).toBe(viewName);
  });
});

describe('contentNameOf', () => {
  it('drops the brand suffix of a page title', () => {
    expect(contentNameOf('Summit Pro Binding | Piste')).toBe('Summit Pro Binding');
  });

  it('keeps a title without the suffix whole', () => {
    expect(contentNameOf('Piste — snow and outdoor gear')).toBe('Piste — snow and outdoor gear');
  });

  it('names the brand for an empty title', () => {
    expect(contentNameOf('')).toBe('Piste');
    expect(contentNameOf(' | Piste')).toBe('Piste');
  });
});

describe('contentViewEvent', () => {
  it('carries the content name and the view name', () => {
    expect(contentViewEvent({ routeId: 'routes/product', documentTitle: 'Vanta MIPS Helmet | Piste' })).toEqual({
      event: 'content-view',
      contentName: 'Vanta MIPS Helmet',
      viewName: 'product',
    });
  });

  it('names an error page by its status, whatever route failed', () => {
    expect(
      contentViewEvent({ routeId: 'routes/product', documentTitle: 'Page not found | Piste', errorStatus: 404 }),
    ).toEqual({ event: 'content-view', contentName: 'Page not found', viewName: 'not-found' });
    expect(
      contentViewEvent({ routeId: 'routes/cart', documentTitle: 'Error | Piste', errorStatus: 500 }).viewName,
    ).toBe('error');
  });
});
