import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggableUrl, loggerOptions, requestLogSerializers } from './request-log';

describe('request log lines', () => {
  it('keep secrets and shoppers’ addresses in URLs out of the logs', () => {
    expect(loggableUrl('/de-de/account?action=reset_password&token=abc123')).toBe(
      '/de-de/account?action=reset_password&token=[redacted]',
    );
    expect(loggableUrl('/en-us/order-status?number=1042&email=ada%40example.com#top')).toBe(
      '/en-us/order-status?number=[redacted]&email=[redacted]#top',
    );
    expect(loggableUrl('/en-us/c/helmets?sort=price&TOKEN=x')).toBe('/en-us/c/helmets?sort=price&TOKEN=[redacted]');
    expect(loggableUrl('/en-us/p/tokenized-helmet?colour=red')).toBe('/en-us/p/tokenized-helmet?colour=red');
  });

  it('log the request as Fastify does, with the redacted URL', () => {
    expect(
      requestLogSerializers.req({
        method: 'GET',
        url: '/en-us/account?token=s3cr3t',
        hostname: 'shop.example',
        ip: '203.0.113.9',
        socket: { remotePort: 51234 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/en-us/account?token=[redacted]',
      host: 'shop.example',
      remoteAddress: '203.0.113.9',
      remotePort: 51234,
    });
  });

  it('mask card numbers in URLs, encoded or not, and keep the rest of the address', () => {
    expect(loggableUrl('/en-us/search?q=4242+4242+4242+4242&page=2')).toBe(
      '/en-us/search?q=[card number removed]&page=2',
    );
    expect(loggableUrl('/api/products?keyword=4242%204242%204242%204242')).toBe(
      '/api/products?keyword=[card number removed]',
    );
    expect(loggableUrl('/en-us/search?q=ski%20goggles%20%E2%9C%93')).toBe('/en-us/search?q=ski%20goggles%20%E2%9C%93');
    expect(loggableUrl('/en-us/search?q=%')).toBe('/en-us/search?q=%');
  });

  it('mask a card number whatever field of a line holds it: an error quoting a body, a message', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(line: Buffer, _encoding, done) {
        lines.push(line.toString());
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', { stream }) });
    app.log.error({ err: new Error('Unexpected token in "{"pan":"4242 4242 4242 4242"') }, 'bad body');
    app.log.info({ note: 'paid with 5555555555554444' }, 'order 1042 for +4917612345109');
    await app.close();
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.join('')).not.toMatch(/4242 4242|5555555555554444/);
    expect(lines.join('')).toContain('order 1042 for +4917612345109');
    expect(lines.filter((line) => line.includes('[card number removed]'))).toHaveLength(2);
  });
});
