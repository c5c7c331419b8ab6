import { describe, expect, it } from 'vitest';
import { loggableUrl, requestLogSerializers } from './request-log';

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
});
