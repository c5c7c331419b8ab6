import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;

beforeAll(async () => {
  harness = await createSeededPagesApp();
});
afterAll(() => harness.close());

const page = async (url: string, expectedStatus = 200) => {
  const response = await harness.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(expectedStatus);
  return response.body;
};

/** Product titles of a category page's cards, in order. */
const cardTitles = (html: string) =>
  [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]+)<\/a><\/h3>/g)].map((match) => match[1]);
const prices = (html: string) =>
  [...html.matchAll(/<p class="[^"]*price[^"]*"><span class="[^"]*"><?[^>]*?>?\$([\d,.]+)/g)].map((match) =>
    Number(match[1]!.replace(/,/g, '')),
  );

describe('category page', () => {
  it('lists the category’s products as cards with prices in the region’s currency', async () => {
    const html = await page('/en-us/c/goggles');
    expect(html).toContain('<h1');
    // 26 goggles (README 'Demo data'): 24 a page.
    expect(html).toContain('26 products');
    expect(cardTitles(html)).toHaveLength(24);
    expect(html).toMatch(/\$\d+\.\d{2}/);
    expect(html).toMatch(/href="\/en-us\/p\/[a-z0-9-]+\?colour=[a-z0-9%-]+"/i);
  });

  it('filters by colour and size, and keeps the filters in the query', async () => {
    const all = cardTitles(await page('/en-us/c/helmets'));
    const filtered = await page('/en-us/c/helmets?size=XS');
    expect(cardTitles(filtered).length).toBeGreaterThan(0);
    expect(cardTitles(filtered).length).toBeLessThan(all.length);
    expect(filtered).toMatch(/<input type="checkbox" name="size" checked="" value="XS"\/>/);
  });

  it('filters by a product attribute, offering the attributes that tell products apart', async () => {
    const all = await page('/en-us/c/goggles');
    expect(all).toContain('<legend>Fit</legend>');
    const filtered = await page('/en-us/c/goggles?attr=fit%3AOver-the-glasses');
    // Five goggles fit over glasses (data/seed/catalogue/products-goggles.json and products-showcase.json).
    expect(cardTitles(filtered)).toHaveLength(5);
    expect(filtered).toMatch(/<input type="checkbox" name="attr" checked="" value="Fit:Over-the-glasses"\/>/);
    // A malformed pair is dropped, not a 500.
    expect(cardTitles(await page('/en-us/c/goggles?attr=%3Anothing&attr=Fit'))).toHaveLength(24);
  });

  it('sorts by price both ways', async () => {
    const ascending = prices(await page('/en-us/c/bindings?sort=price-asc'));
    expect(ascending.length).toBeGreaterThan(5);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = prices(await page('/en-us/c/bindings?sort=price-desc'));
    expect(descending).toEqual([...ascending].sort((a, b) => b - a));
  });

  it('shows an empty state when nothing matches', async () => {
    const html = await page('/en-us/c/goggles?min=100000');
    expect(html).toContain('No products match these filters.');
    expect(html).toContain('0 products');
  });

  it('shows euro prices and German tags to a de-de visitor', async () => {
    const html = await page('/de-de/c/goggles');
    expect(html).toMatch(/\d+,\d{2}\s€/);
    expect(html).toMatch(/>(Neu|Sale|Neu gestaltet)</);
  });

  it('answers an unknown category with 404 and ignores query values it cannot read', async () => {
    await page('/en-us/c/snowshoes', 404);
    await page('/en-us/c/%00', 404);
    await page(`/en-us/c/${'a'.repeat(600)}`, 404);
    await page('/en-us/c/goggles?page=abc&min=x&sort=bogus&instock=maybe');
    await page('/en-us/c/goggles?colour=%00&size=%FF&max=999999999999');
  });
});

describe('product page', () => {
  it('shows the product with its price, colours and sizes', async () => {
    const html = await page('/en-us/p/summit-pro-binding');
    expect(html).toContain('<title>Summit Pro Binding | Piste</title>');
    expect(html).toContain('$449.95');
    expect(html).toMatch(/role="radio" aria-checked="true" aria-label="Stealth Black"/);
    expect(html).toMatch(/name="size" value="M"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Add to cart<\/button>/);
  });

  it('selects the colour named in the query', async () => {
    const html = await page('/en-us/p/summit-pro-binding?colour=glacier%20blue');
    expect(html).toMatch(/Colour(<!-- -->)?: <strong>Glacier Blue<\/strong>/);
    expect(html).toContain('summit-pro-binding-glacier-blue-1');
  });

  it('shows content prices and no cart where there is no shop, pointing to the stores', async () => {
    const html = await page('/ja-jp/p/summit-pro-binding');
    expect(html).toContain('¥');
    // The label itself still travels in the page's translations; the button must not.
    expect(html).not.toMatch(/<button type="submit"[^>]*>Add to cart<\/button>/);
    expect(html).toContain('href="/ja-jp/stores"');
  });

  it('shows related products from the product’s categories, never the product itself', async () => {
    const html = await page('/en-us/p/summit-pro-binding');
    const related = html.slice(html.indexOf('Related Products'));
    expect(cardTitles(related).length).toBeGreaterThanOrEqual(4);
    expect(cardTitles(related).length).toBeLessThanOrEqual(8);
    expect(cardTitles(related)).not.toContain('Summit Pro Binding');
  });

  it('answers a product whose commerce half is gone with 410 and recommendations', async () => {
    await harness.database.db.execute(sql`delete from products where uid = 'talus-binding'`);
    const html = await page('/en-us/p/talus-binding', 410);
    expect(html).toContain('<title>Product Not Available | Piste</title>');
    // The heading and copy are the content service's (spec §2 'Error page': productRecommendation).
    expect(html).toMatch(/<h1 id="error-heading"[^>]*>Product Not Available<\/h1>/);
    expect(html).toContain('This product has been retired from our range.');
    expect(html).toContain('You might like');
    expect(cardTitles(html.slice(html.indexOf('You might like')))).toHaveLength(4);
  });

  it('answers an unknown product with 404', async () => {
    await page('/en-us/p/no-such-product', 404);
  });

  it('checks an add-to-cart request, and adds the variant to the session’s cart', async () => {
    const post = (payload: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/en-us/p/summit-pro-binding',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    const noVariant = await post('variantId=&quantity=1');
    expect(noVariant.statusCode).toBe(400);
    expect(noVariant.body).toContain('Choose a colour and a size.');
    const tooMany = await post('variantId=100001&quantity=99');
    expect(tooMany.statusCode).toBe(400);
    const notAForm = await harness.app.inject({
      method: 'POST',
      url: '/en-us/p/summit-pro-binding',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(notAForm.statusCode).toBe(400);
    const valid = await post('variantId=100001&quantity=1');
    expect(valid.statusCode).toBe(200);
    expect(valid.body).toMatch(/role="alert"[^>]*>Added to cart</);
    expect(valid.cookies.find((cookie) => cookie.name === 'piste_cart')).toMatchObject({ httpOnly: true });
  });
});
