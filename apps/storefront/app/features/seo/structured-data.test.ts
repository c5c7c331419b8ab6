import { describe, expect, it } from 'vitest';
import type { ProductVariantView, ProductView } from '../catalogue/product-view';
import { blogPostingJsonLd, breadcrumbJsonLd, jsonLd, organizationJsonLd, productJsonLd } from './structured-data';

function variant(overrides: Partial<ProductVariantView>): ProductVariantView {
  return {
    id: 1,
    sku: 'V-1',
    colour: 'Black',
    size: 'M',
    price: 219.95,
    salePrice: null,
    calculatedPrice: 219.95,
    inventoryLevel: 20,
    inStock: true,
    ...overrides,
  };
}

function product(variants: ProductVariantView[]): ProductView {
  return {
    uid: 'vanta-mips-helmet',
    commerceId: 7,
    title: 'Vanta </script> Helmet',
    tagline: 'Low profile.',
    description: 'A hybrid shell.',
    isNew: false,
    isRedesigned: false,
    specs: [],
    colours: [],
    sizes: [],
    variants,
  };
}

const base = {
  url: 'https://shop.example/de-de/p/vanta-mips-helmet',
  images: ['https://shop.example/i.jpg'],
  brand: 'Piste',
};

describe('productJsonLd', () => {
  it('gives one Offer in the region currency when every variant costs the same', () => {
    const document = productJsonLd({
      ...base,
      product: product([variant({}), variant({ id: 2, sku: 'V-2', inventoryLevel: 0, inStock: false })]),
      currencyCode: 'EUR',
    });
    expect(document).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Vanta </script> Helmet',
      sku: 'V-1',
      image: ['https://shop.example/i.jpg'],
      brand: { '@type': 'Brand', name: 'Piste' },
      url: base.url,
      offers: { '@type': 'Offer', price: 219.95, priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
  });

  it('aggregates offers when variants differ in price, each with its own availability', () => {
    const document = productJsonLd({
      ...base,
      product: product([
        variant({ calculatedPrice: 199.999 }),
        variant({ id: 2, sku: 'V-2', calculatedPrice: 229.95, inventoryLevel: 2 }),
      ]),
      currencyCode: 'USD',
    });
    expect(document.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: 200,
      highPrice: 229.95,
      offerCount: 2,
      priceCurrency: 'USD',
      offers: [
        { sku: 'V-1', availability: 'https://schema.org/InStock' },
        { sku: 'V-2', availability: 'https://schema.org/LimitedAvailability' },
      ],
    });
  });

  it('is limited or out of stock by the best variant', () => {
    const low = productJsonLd({ ...base, product: product([variant({ inventoryLevel: 3 })]), currencyCode: 'USD' });
    expect(low.offers).toMatchObject({ availability: 'https://schema.org/LimitedAvailability' });
    const none = productJsonLd({ ...base, product: product([variant({ inStock: false })]), currencyCode: 'USD' });
    expect(none.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  it('has no offer where nothing is sold online', () => {
    expect(productJsonLd({ ...base, product: product([variant({})]), currencyCode: null })).not.toHaveProperty(
      'offers',
    );
  });
});

describe('other documents', () => {
  it('numbers breadcrumbs from 1', () => {
    expect(
      breadcrumbJsonLd([
        { name: 'Piste', url: 'https://shop.example/' },
        { name: 'Helmets', url: 'https://shop.example/en-us/c/helmets' },
      ]).itemListElement,
    ).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Piste', item: 'https://shop.example/' },
      { '@type': 'ListItem', position: 2, name: 'Helmets', item: 'https://shop.example/en-us/c/helmets' },
    ]);
  });

  it('names the organisation and its profiles', () => {
    expect(
      organizationJsonLd({
        name: 'Piste',
        url: 'https://shop.example/',
        logo: 'https://shop.example/favicon.svg',
        sameAs: ['https://x.example/p'],
      }),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Piste',
      url: 'https://shop.example/',
      logo: 'https://shop.example/favicon.svg',
      sameAs: ['https://x.example/p'],
    });
  });

  it('describes a blog post, with the publisher as author when no one is named', () => {
    const post = blogPostingJsonLd({
      headline: 'x'.repeat(120),
      url: 'https://shop.example/en-us/blog/p/a',
      datePublished: '2024-11-02',
      author: ' ',
      publisher: { name: 'Piste', logo: 'https://shop.example/favicon.svg' },
    });
    expect(post).toMatchObject({
      '@type': 'BlogPosting',
      datePublished: '2024-11-02',
      author: { '@type': 'Organization', name: 'Piste' },
    });
    expect(String(post.headline)).toHaveLength(110);
    expect(jsonLd(post)).toEqual({ 'script:ld+json': post });
  });
});
