import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { PageModules } from './page-modules';
import type { PageModuleView } from './page-module-view';

describe('PageModules', () => {
  it('draws the blocks in order and skips a product slider with no products', () => {
    const modules: PageModuleView[] = [
      { type: 'rich-text', html: '<p>First</p>' },
      { type: 'product-slider', heading: 'Bindings', products: [] },
      { type: 'rich-text', html: '<p>Second</p>' },
    ];
    const html = renderToString(
      <MemoryRouter>
        <PageModules modules={modules} currency={null} language="en" />
      </MemoryRouter>,
    );
    expect(html.indexOf('<p>First</p>')).toBeLessThan(html.indexOf('<p>Second</p>'));
    expect(html).not.toContain('Bindings');
  });
});
