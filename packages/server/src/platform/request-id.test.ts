import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function incoming(requestId: string | undefined, remoteAddress = '10.0.0.2') {
  return {
    headers: requestId === undefined ? {} : { 'x-request-id': requestId },
    socket: { remoteAddress },
  } as unknown as IncomingMessage;
}

describe('request ids', () => {
  it('adopts a trusted proxy’s safe id', () => {
    const generate = requestIdGenerator(true);
    expect(generate(incoming('lb-7f3a9c01'))).toBe('lb-7f3a9c01');
    expect(generate(incoming('a1B2c3D4.e5_f6-g7'))).toBe('a1B2c3D4.e5_f6-g7');
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(129)],
    ['a space', 'abc def ghi'],
    ['a line break', 'abcdefgh\nforged log line'],
    ['an equals sign', 'Root=1-67a'],
    ['quotes', '"abcdefgh"'],
  ])('generates a UUID instead of an id with %s', (_description, id) => {
    expect(requestIdGenerator(true)(incoming(id))).toMatch(UUID);
  });

  it('generates a UUID when the proxy is not trusted, or sent none', () => {
    expect(requestIdGenerator(false)(incoming('lb-7f3a9c01'))).toMatch(UUID);
    expect(requestIdGenerator(true)(incoming(undefined))).toMatch(UUID);
    const first = requestIdGenerator(false)(incoming(undefined));
    expect(requestIdGenerator(false)(incoming(undefined))).not.toBe(first);
  });

  it('adopts ids only from the listed proxies when TRUST_PROXY lists them', () => {
    const generate = requestIdGenerator(['10.0.0.0/24']);
    expect(generate(incoming('lb-7f3a9c01', '10.0.0.2'))).toBe('lb-7f3a9c01');
    expect(generate(incoming('lb-7f3a9c01', '::ffff:10.0.0.2'))).toBe('lb-7f3a9c01');
    expect(generate(incoming('lb-7f3a9c01', '198.51.100.4'))).toMatch(UUID);
  });
});
