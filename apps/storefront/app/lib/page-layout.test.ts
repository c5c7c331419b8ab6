import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { layoutForMatches, type RouteHandle } from './page-layout';

function match(id: string, handle?: RouteHandle, loaderData?: unknown): UIMatch {
  return { id, pathname: '/', params: {}, data: loaderData, loaderData, handle };
}

describe('layoutForMatches', () => {
  it('uses default when no route names a layout', () => {
    expect(layoutForMatches([match('root'), match('lang')])).toBe('default');
  });

  it('lets the deepest route that names a layout win', () => {
    expect(layoutForMatches([match('root', { layout: 'default' }), match('index', { layout: 'flush-banner' })])).toBe(
      'flush-banner',
    );
  });

  it('asks a route whose layout depends on its content, with its loader data', () => {
    const handle: RouteHandle = { layout: (data) => (data as { layout?: 'flush-banner' } | undefined)?.layout };
    expect(layoutForMatches([match('root'), match('lang-page', handle, { layout: 'flush-banner' })])).toBe(
      'flush-banner',
    );
    // No loader data (the loader threw): the route names nothing and the default applies.
    expect(layoutForMatches([match('root'), match('lang-page', handle, undefined)])).toBe('default');
  });
});
