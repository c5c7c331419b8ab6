import { describe, expect, it } from 'vitest';
import { ogImageUrl, seoMeta, type SeoSite } from './seo-meta';

const site: SeoSite = {
  url: 'https://shop.example/en-us/blog/p/first-tracks',
  media: { baseUrl: '/media', alias: 'piste' },
};

describe('seoMeta', () => {
  it('takes title and description from seo_meta over the fallback', () => {
    const meta = seoMeta(
      { seo_title: 'First tracks of the season', seo_description: 'Where we rode first.' },
      { title: 'First tracks', description: 'A summary' },
    );
    expect(meta).toEqual([
      { title: 'First tracks of the season | Piste' },
      { name: 'description', content: 'Where we rode first.' },
      { property: 'og:title', content: 'First tracks of the season' },
      { property: 'og:description', content: 'Where we rode first.' },
      { property: 'og:type', content: 'website' },
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:title', content: 'First tracks of the season' },
      { name: 'twitter:description', content: 'Where we rode first.' },
    ]);
  });

  it('keeps an seo_title that already names the brand', () => {
    expect(seoMeta({ seo_title: 'Gear Guides | Piste Journal' }, { title: 'Gear Guides' })[0]).toEqual({
      title: 'Gear Guides | Piste Journal',
    });
    expect(seoMeta({ seo_title: 'Piste | Snowboard gear' }, { title: 'Home' })[0]).toEqual({
      title: 'Piste | Snowboard gear',
    });
    // The brand inside a phrase is not the brand part of a title.
    expect(seoMeta({ seo_title: 'Find a Piste dealer' }, { title: 'Stores' })[0]).toEqual({
      title: 'Find a Piste dealer | Piste',
    });
  });

  it('falls back to the page title and description when seo_meta is missing or blank', () => {
    const meta = seoMeta({ seo_title: '  ', seo_description: '' }, { title: 'Support', description: 'Answers' });
    expect(meta).toContainEqual({ title: 'Support | Piste' });
    expect(meta).toContainEqual({ name: 'description', content: 'Answers' });
    expect(seoMeta(undefined, { title: 'Team' })).toEqual([
      { title: 'Team | Piste' },
      { property: 'og:title', content: 'Team' },
      { property: 'og:type', content: 'website' },
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:title', content: 'Team' },
    ]);
  });

  it('adds og:url and an absolute og:image from the media id when the site is known', () => {
    const meta = seoMeta({ og_image: ' blog-first-tracks ' }, { title: 'First tracks', type: 'article' }, site);
    expect(meta).toContainEqual({ property: 'og:type', content: 'article' });
    expect(meta).toContainEqual({ property: 'og:url', content: site.url });
    const image = meta.find((tag) => 'property' in tag && tag.property === 'og:image') as { content: string };
    expect(image.content).toMatch(/^https:\/\/shop\.example\/media\/i\/piste\/blog-first-tracks\?w=1200&h=630&/);
  });

  it('makes the Twitter card a large image card with the same image', () => {
    const meta = seoMeta({ og_image: 'hero', seo_description: 'Bluebird days' }, { title: 'Home' }, site);
    const image = meta.find((tag) => 'property' in tag && tag.property === 'og:image') as { content: string };
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(meta).toContainEqual({ name: 'twitter:image', content: image.content });
    expect(meta).toContainEqual({ name: 'twitter:description', content: 'Bluebird days' });
  });

  it("describes a product with the page's own image and its price", () => {
    const meta = seoMeta(
      undefined,
      {
        title: 'Vanta MIPS Helmet',
        type: 'product',
        image: 'https://shop.example/media/i/piste/vanta-1',
        price: { amount: 209.99, currency: 'EUR' },
      },
      site,
    );
    expect(meta).toContainEqual({ property: 'og:type', content: 'product' });
    expect(meta).toContainEqual({ property: 'og:image', content: 'https://shop.example/media/i/piste/vanta-1' });
    expect(meta).toContainEqual({ property: 'product:price:amount', content: '209.99' });
    expect(meta).toContainEqual({ property: 'product:price:currency', content: 'EUR' });
    expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });

  it('leaves og:image out without a site to resolve it against', () => {
    const meta = seoMeta({ og_image: 'hero' }, { title: 'About' });
    expect(meta.some((tag) => 'property' in tag && tag.property === 'og:image')).toBe(false);
  });
});

describe('ogImageUrl', () => {
  it('asks for a 1200x630 jpg crop, from an image set when the entry says so', () => {
    const url = new URL(ogImageUrl('team-spring', true, site));
    expect(url.pathname).toBe('/media/s/piste/team-spring');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ w: '1200', h: '630', sm: 'c', fmt: 'jpg' });
  });

  it('keeps an absolute media service as it is', () => {
    const url = ogImageUrl('hero', false, { ...site, media: { baseUrl: 'https://cdn.example', alias: 'piste' } });
    expect(url).toMatch(/^https:\/\/cdn\.example\/i\/piste\/hero\?/);
  });
});
