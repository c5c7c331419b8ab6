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
});
