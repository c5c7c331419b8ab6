import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

/** The test provider's own origin, as configured (docs/checkout.md 'Content-Security-Policy'). */
const PROVIDER = 'http://pay.test:4001';

describe("the payment provider's origins in the pages' policy (issue 28)", () => {
  let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
  const browser = () => new TestBrowser(harness.app);

  beforeAll(async () => {
    harness = await createSeededPagesApp({ TEST_PAYMENTS_URL: PROVIDER });
  });
  afterAll(() => harness.close());

  const policyOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['content-security-policy'] ?? '');

  it('lets the checkout page frame the card element, and nothing more', async () => {
    const shopper = browser();
    const products = await shopper.get('/api/products?limit=1&include=variants');
    const product = products.json().data[0] as { id: number; variants: { id: number }[] };
    const cart = await shopper.post('/api/cart/create', {
      line_items: [{ product_id: product.id, variant_id: product.variants[0]!.id, quantity: 1 }],
    });
    expect(cart.statusCode, cart.body).toBe(201);
    const checkout = await shopper.get('/en-us/checkout');
    expect(checkout.statusCode).toBe(200);
    const policy = policyOf(checkout);
    expect(policy).toContain(`frame-src 'self' ${PROVIDER};`);
    expect(policy).toContain("form-action 'self';");
    expect(policy).not.toMatch(/script-src[^;]*pay\.test|connect-src[^;]*pay\.test/);
  });

  it('lets no other page frame it: the cart, search, a product', async () => {
    const shopper = browser();
    for (const path of ['/en-us/cart', '/en-us/search?q=helmet', '/en-us/p/summit-pro-binding']) {
      const page = await shopper.get(path);
      expect(page.statusCode, path).toBe(200);
      expect(policyOf(page), path).toContain("frame-src 'self';");
      expect(policyOf(page), path).not.toContain('pay.test');
    }
  });
});
