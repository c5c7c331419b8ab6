import { describe, expect, it } from 'vitest';
import type { BlogCategoryEntry } from '@piste/content';
import { relatedPosts, toBlogCard, toBlogPost } from './blog-view.server';
import { blogEntry } from '../../../test/editorial-fixtures';

const gearGuides = {
  uid: 'gear-guides',
  title: 'Gear Guides',
  url: '/gear-guides',
  locale: 'en-us',
} as BlogCategoryEntry;

describe('toBlogCard', () => {
  it('links the post and its category under their prefixes, without the locale', () => {
    const card = toBlogCard(blogEntry('first-tracks', { blog_category: [gearGuides] }), 'en-us');
    expect(card.path).toBe('/blog/p/first-tracks');
    expect(card.category).toEqual({ title: 'Gear Guides', path: '/blog/gear-guides' });
  });

  it('leaves a category out that was not resolved', () => {
    const card = toBlogCard(
      blogEntry('first-tracks', { blog_category: [{ uid: 'gear-guides', _content_type_uid: 'blog_category' }] }),
      'en-us',
    );
    expect(card.category).toBeNull();
  });

  it('writes the date for the locale and estimates the reading time', () => {
    const body = `<p>${Array.from({ length: 450 }, () => 'snow').join(' ')}</p>`;
    const card = toBlogCard(blogEntry('first-tracks', { body }), 'de-de');
    expect(card.publishedDate).toBe('2025-10-14T07:00:00.000Z');
    expect(card.publishedLabel).toBe('14. Oktober 2025');
    expect(card.readingMinutes).toBe(3);
  });

  it('has no hero without a media id', () => {
    expect(toBlogCard(blogEntry('first-tracks', { hero: { amplience_id: '' } }), 'en-us').hero).toBeNull();
  });
});

describe('toBlogPost', () => {
  it('sanitizes the body and keeps the author', () => {
    const post = toBlogPost(
      blogEntry('first-tracks', { body: '<p onclick="steal()">Deep <script>alert(1)</script>snow</p>' }),
      'en-us',
    );
    expect(post.bodyHtml).toBe('<p>Deep snow</p>');
    expect(post.author).toBe('Jonas Pichler');
  });
});

describe('relatedPosts', () => {
  it('gives the newest three other posts of the category', () => {
    const current = blogEntry('b');
    const posts = ['a', 'b', 'c', 'd', 'e'].map((uid) => blogEntry(uid));
    expect(relatedPosts(posts, current, 'en-us').map((card) => card.uid)).toEqual(['a', 'c', 'd']);
  });

  it('is empty when the post is alone in its category', () => {
    expect(relatedPosts([blogEntry('b')], blogEntry('b'), 'en-us')).toEqual([]);
  });
});
