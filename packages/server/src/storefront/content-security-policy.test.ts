import { describe, expect, it } from 'vitest';
import { pageContentSecurityPolicy } from './content-security-policy';

describe('pageContentSecurityPolicy', () => {
  it('allows scripts only from the site and with the response nonce', () => {
    const policy = pageContentSecurityPolicy('abc123');
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('allows images and video from a hosted media service, by origin', () => {
    const policy = pageContentSecurityPolicy('n', 'https://cdn.media.example.net/i/piste');
    expect(policy).toContain("img-src 'self' data: blob: https://cdn.media.example.net;");
    expect(policy).toContain("media-src 'self' https://cdn.media.example.net;");
  });

  it('adds nothing for the embedded media path', () => {
    expect(pageContentSecurityPolicy('n', '/media')).toContain("media-src 'self';");
  });

  it('allows the tag manager and GA4 only when a container is configured', () => {
    const without = pageContentSecurityPolicy('n');
    expect(without).not.toContain('googletagmanager');
    expect(without).not.toContain('google-analytics');
    const policy = pageContentSecurityPolicy('n', '/media', null, 'GTM-PISTE1');
    expect(policy).toContain("script-src 'self' 'nonce-n' https://*.googletagmanager.com;");
    expect(policy).toContain(
      "img-src 'self' data: blob: https://*.google-analytics.com https://*.googletagmanager.com;",
    );
    expect(policy).toContain(
      "connect-src 'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com;",
    );
  });

  it("allows reCAPTCHA's script, calls and frame only when it is the bot check", () => {
    expect(pageContentSecurityPolicy('n')).toContain("frame-src 'self';");
    expect(pageContentSecurityPolicy('n')).not.toContain('gstatic');
    const policy = pageContentSecurityPolicy('n', '/media', null, null, true);
    expect(policy).toContain("script-src 'self' 'nonce-n' https://www.google.com https://www.gstatic.com;");
    expect(policy).toContain("frame-src 'self' https://www.google.com https://www.gstatic.com;");
  });
});
