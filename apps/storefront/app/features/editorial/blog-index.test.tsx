import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { rememberDictionary } from '../../lib/display-text';
import { BlogCardGrid, BlogCategoryNav } from './blog-index';
import type { BlogCardView } from './editorial-view';

/** Renders under a root route whose data names the display texts, as the app's root loader does. */
function render(element: ReactElement, dictionary: Record<string, string> = {}) {
  const displayTexts = { href: `/display-texts/test.${Object.keys(dictionary).length}.js`, language: 'de' };
  rememberDictionary(displayTexts.href, dictionary);
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => element, HydrateFallback: () => null }]);
  // React's text-joining comments are left out, so assertions read like the page.
  return renderToString(<Stub hydrationData={{ loaderData: { root: { displayTexts } } }} />).replace(/<!-- -->/g, '');
}

const post: BlogCardView = {
  uid: 'first-tracks',
  title: 'First tracks in Hokkaido',
  summary: 'Forty centimetres overnight.',
  path: '/blog/p/first-tracks',
  hero: null,
  publishedDate: '2026-01-27T07:00:00.000Z',
  publishedLabel: 'January 27, 2026',
  readingMinutes: 2,
  category: { title: 'Mountain Stories', path: '/blog/mountain-stories' },
};

describe('BlogCardGrid', () => {
  it('shows each post with its link, date and reading time', () => {
    const html = render(<BlogCardGrid posts={[post]} />);
    expect(html).toContain('href="/en-us/blog/p/first-tracks"');
    expect(html).toContain('<time dateTime="2026-01-27T07:00:00.000Z">January 27, 2026</time>');
    expect(html).toContain('2 min read');
  });

  it('says so, in the page language, when there are no posts yet', () => {
    const html = render(<BlogCardGrid posts={[]} />, { 'no stories yet': 'Noch keine Geschichten' });
    expect(html).toContain('<h2>Noch keine Geschichten</h2>');
    expect(html).not.toContain('<ul');
  });
});

describe('BlogCategoryNav', () => {
  it('links every category after all stories and marks the current one', () => {
    const html = render(
      <BlogCategoryNav
        categories={[{ title: 'Gear Guides', path: '/blog/gear-guides' }]}
        current="/blog/gear-guides"
      />,
    );
    expect(html.indexOf('All stories')).toBeLessThan(html.indexOf('Gear Guides'));
    expect(html).toMatch(
      /aria-current="page"[^>]*href="\/en-us\/blog\/gear-guides"|href="\/en-us\/blog\/gear-guides"[^>]*aria-current="page"/,
    );
  });

  it('is left out without categories', () => {
    expect(render(<BlogCategoryNav categories={[]} current="/blog" />)).not.toContain('<nav');
  });
});
