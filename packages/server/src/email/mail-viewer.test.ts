import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail, passwordResetEmail } from '@piste/commerce/server';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { linksInText, MAIL_VIEWER_CSP, mailViewerRoutes } from './mail-viewer';

const resetUrl = 'http://localhost:3000/de-de/account?action=reset_password&token=s3cr3t';

describe('linksInText', () => {
  it('finds http(s) links once each, without sentence punctuation', () => {
    expect(
      linksInText('Go to https://a.example/x?y=1&z=2. Or (http://b.example/). Again https://a.example/x?y=1&z=2'),
    ).toEqual(['https://a.example/x?y=1&z=2', 'http://b.example/']);
    expect(linksInText('javascript:alert(1) ftp://x.example')).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('mail viewer on $name', (kind) => {
  let testDatabase: TestDatabase;
  let app: FastifyInstance;
  let resetId: number;
  let hostileId: number;

  beforeAll(async () => {
    testDatabase = await kind.create();
    const db = testDatabase.database.db;
    await enqueueEmail(db, {
      kind: 'password_reset',
      recipient: 'lukas@example.com',
      ...passwordResetEmail({
        locale: 'en-us',
        firstName: 'Lukas',
        resetUrl: resetUrl.replace('s3cr3t', 'older'),
        expiresInMinutes: 60,
      }),
    });
    resetId = await enqueueEmail(db, {
      kind: 'password_reset',
      recipient: 'Lukas@Example.com',
      ...passwordResetEmail({ locale: 'en-us', firstName: 'Lukas', resetUrl, expiresInMinutes: 60 }),
    });
    hostileId = await enqueueEmail(db, {
      kind: 'account_created',
      recipient: 'mallory@example.com',
      subject: '<script>alert(1)</script> welcome',
      text: 'Hi <b>you</b>, see https://x.example/?a=<"q">',
      html: '<p>"quoted" & <script>parent.alert(1)</script></p>',
    });
    // As in app.ts: helmet gives every route a CSP of default-src 'none'; the viewer replaces it.
    app = Fastify();
    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    });
    await app.register(mailViewerRoutes(db));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDatabase.dispose();
  });

  it('lists the outbox newest first, escaped, with its own CSP and no caching', async () => {
    const response = await app.inject('/_dev/mail');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(MAIL_VIEWER_CSP);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; welcome');
    expect(response.body).not.toContain('<script>');
    expect(response.body).toContain('Reset your Piste password');
    expect(response.body).toContain('pending');
    expect(response.body.indexOf(`/_dev/mail/${hostileId}"`)).toBeLessThan(
      response.body.indexOf(`/_dev/mail/${resetId}"`),
    );
  });

  it('shows one email: headers, the HTML in a sandboxed srcdoc frame, the text with clickable links', async () => {
    const response = await app.inject(`/_dev/mail/${resetId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(MAIL_VIEWER_CSP);
    expect(response.body).toContain('<dd>Lukas@Example.com</dd>');
    const frame =
      /<iframe sandbox="allow-top-navigation-by-user-activation" title="HTML version" srcdoc="([^"]*)"><\/iframe>/.exec(
        response.body,
      );
    expect(frame).not.toBeNull();
    // The email's markup is entirely inside the attribute value, its quotes and ampersands escaped.
    expect(frame![1]).toContain('&lt;!doctype html&gt;');
    expect(frame![1]).toContain(
      'href=&quot;http://localhost:3000/de-de/account?action=reset_password&amp;amp;token=s3cr3t&quot;',
    );
    expect(response.body).toContain(
      '<a href="http://localhost:3000/de-de/account?action=reset_password&amp;token=s3cr3t">http://localhost:3000/de-de/account?action=reset_password&amp;token=s3cr3t</a>',
    );
  });

  it('escapes a hostile email everywhere', async () => {
    const response = await app.inject(`/_dev/mail/${hostileId}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/<script|<b>/);
    expect(response.body).toContain(
      'srcdoc="&lt;base target=&quot;_top&quot;&gt;&lt;p&gt;&quot;quoted&quot; &amp; &lt;script&gt;parent.alert(1)&lt;/script&gt;&lt;/p&gt;"',
    );
    expect(response.body).toContain(
      'Hi &lt;b&gt;you&lt;/b&gt;, see <a href="https://x.example/?a=">https://x.example/?a=</a>&lt;&quot;q&quot;&gt;',
    );
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expect((await app.inject('/_dev/mail/999999')).statusCode).toBe(404);
    expect((await app.inject('/_dev/mail/99999999999')).statusCode).toBe(400);
    for (const id of ['abc', '1.5', '-1', '0', '1e3']) {
      const response = await app.inject(`/_dev/mail/${id}`);
      expect(response.statusCode, id).toBe(400);
      expect(response.headers['content-security-policy']).toBe(MAIL_VIEWER_CSP);
    }
  });

  it('gives browser tests the newest email to an address, with its links', async () => {
    const response = await app.inject({ url: '/_dev/mail/latest.json', query: { to: 'LUKAS@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({
      id: resetId,
      kind: 'password_reset',
      subject: 'Reset your Piste password',
      links: [resetUrl],
      sentAt: null,
    });
    expect(response.json().html).toContain('token=s3cr3t');
    expect(response.json().text).toContain(resetUrl);

    const none = await app.inject({ url: '/_dev/mail/latest.json', query: { to: 'nobody@example.com' } });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No email to that address.' } });
    expect((await app.inject('/_dev/mail/latest.json')).statusCode).toBe(400);
    expect((await app.inject('/_dev/mail/latest.json?to=a@b.c&to=d@e.f')).statusCode).toBe(400);
  });
});
