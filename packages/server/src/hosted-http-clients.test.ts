import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Spec §7 'Other': the generic HTTP client (`@piste/core` createHttpClient) exists once, and
 * every client of a hosted service sends through it: none calls fetch itself. Each client's
 * own tests check its behaviour through it (retries, §8 failures).
 */
const HOSTED_CLIENTS = [
  '../../content/src/client/delivery-transport.ts',
  '../../search/src/client/search-client.ts',
  '../../search/src/hosted/hosted-documents.server.ts',
  './bot-protection/recaptcha-protection.ts',
  './hosted-media-metadata.ts',
];

describe('hosted-service clients', () => {
  it.each(HOSTED_CLIENTS)('%s sends through the generic HTTP client and never calls fetch itself', (path) => {
    const source = readFileSync(new URL(path, import.meta.url), 'utf8');
    expect(source).toContain('createHttpClient(');
    expect(source).not.toMatch(/\bfetch\w*\(|\.fetch\(/);
  });
});
