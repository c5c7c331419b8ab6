import { describe, expect, it } from 'vitest';
import { editorialHtml } from './editorial-html.server';

describe('editorialHtml', () => {
  it('puts shop links under the locale', () => {
    expect(editorialHtml('<p>See a <a href="/stores">dealer</a></p>', 'de-de')).toBe(
      '<p>See a <a href="/de-de/stores">dealer</a></p>',
    );
    expect(editorialHtml('<a href="/support/returns?tab=eu&amp;x=1#fees">fees</a>', 'en-us')).toBe(
      '<a href="/en-us/support/returns?tab=eu&amp;x=1#fees">fees</a>',
    );
  });

  it('leaves external, protocol-relative, mailto and anchor links alone', () => {
    const html =
      '<a href="https://example.com/x">a</a><a href="//cdn.example/x">b</a><a href="mailto:a@b.c">c</a><a href="#top">d</a>';
    expect(editorialHtml(html, 'de-de')).toBe(html);
  });

  it('sanitizes first', () => {
    expect(editorialHtml('<a href="/stores" onclick="x()">s</a><script>x()</script>', 'fr-fr')).toBe(
      '<a href="/fr-fr/stores">s</a>',
    );
  });
});
