import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from './content-security-policy';

/** Two inline scripts' sources, as inline-script-hashes.ts gives them. */
const HASHES = ["'sha256-AAAA'", "'sha256-BBBB'"];

describe('pageContentSecurityPolicy', () => {
  it('allows scripts only from the site and, inline, the page’s own by hash: no nonce, nothing unsafe', () => {
    const policy = pageContentSecurityPolicy(HASHES);
    const scriptSources = policy.split('; ').find((directive) => directive.startsWith('script-src'));
    expect(scriptSources).toBe("script-src 'self' 'sha256-AAAA' 'sha256-BBBB'");
    expect(policy).not.toContain('nonce');
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('allows no inline script at all on a page without one', () => {
    expect(pageContentSecurityPolicy([])).toContain("script-src 'self';");
  });

  it('allows images and video from a hosted media service, by origin', () => {
    const policy = pageContentSecurityPolicy(HASHES, 'https://cdn.media.example.net/i/piste');
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.media.example.net;");
    expect(policy).toContain("media-src 'self' https://cdn.media.example.net;");
  });

  it('adds nothing for the embedded media path', () => {
    expect(pageContentSecurityPolicy(HASHES, '/media')).toContain("media-src 'self';");
  });

  it('allows the tag manager and GA4 only when a container is configured', () => {
    const without = pageContentSecurityPolicy(HASHES);
    expect(without).not.toContain('googletagmanager');
    expect(without).not.toContain('google-analytics');
    const policy = pageContentSecurityPolicy(HASHES, '/media', null, 'GTM-PISTE1');
    expect(policy).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB' https://*.googletagmanager.com;");
    expect(policy).toContain(
      "img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com;",
    );
    expect(policy).toContain(
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;",
    );
  });

  it("allows reCAPTCHA's script, calls and frame only when it is the bot check", () => {
    expect(pageContentSecurityPolicy(HASHES)).toContain("frame-src 'self';");
    expect(pageContentSecurityPolicy(HASHES)).not.toContain('gstatic');
    const policy = pageContentSecurityPolicy(HASHES, '/media', null, null, true);
    expect(policy).toContain(
      "script-src 'self' 'sha256-AAAA' 'sha256-BBBB' https://www.google.com https://www.gstatic.com;",
    );
    expect(policy).toContain("frame-src 'self' https://www.google.com https://www.gstatic.com;");
  });

  describe("the payment provider's sources (issue 28: the checkout page only)", () => {
    /** What each provider's `browserSetup().csp` lists (docs/checkout.md 'Content-Security-Policy'). */
    const TEST_PROVIDER = { script: [], frame: ['http://localhost:3001'], connect: [] };
    const STRIPE = {
      script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
      frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
      connect: ['https://api.stripe.com'],
    };
    const withPayment = (payment: typeof STRIPE | null) =>
      pageContentSecurityPolicy(HASHES, '/media', null, null, false, payment);

    it("frames the test provider's card element from its own origin, and allows nothing else of it", () => {
      const policy = withPayment(TEST_PROVIDER);
      expect(policy).toContain("frame-src 'self' http://localhost:3001;");
      expect(policy).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB';");
      expect(policy).toContain("connect-src 'self';");
      expect(policy).toContain("form-action 'self';");
    });

    it("allows Stripe.js, Stripe's frames and Stripe's API for Stripe", () => {
      const policy = withPayment(STRIPE);
      expect(policy).toContain(
        "script-src 'self' 'sha256-AAAA' 'sha256-BBBB' https://js.stripe.com https://*.js.stripe.com;",
      );
      expect(policy).toContain(
        "frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;",
      );
      expect(policy).toContain("connect-src 'self' https://api.stripe.com;");
      expect(policy).toContain("form-action 'self';");
    });

    it('adds none of them to a page that is not the checkout', () => {
      const policy = withPayment(null);
      expect(policy).toBe(pageContentSecurityPolicy(HASHES, '/media'));
      expect(policy).not.toMatch(/stripe|localhost:3001/);
    });
  });
});
