import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff, STAFF_PASSWORD } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

describe.each(testDatabaseKinds())('back-office sessions on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
  }, 240_000);
  afterAll(() => shop.close());

  it('signs a staff member in with an httpOnly, SameSite=Strict cookie scoped to /admin, and out again', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const me = await owner.call('GET', '/admin/api/session');
    expect(me.statusCode).toBe(200);
    expect(me.json().staff).toMatchObject({ email: owner.email, role: 'owner' });

    const signIn = await new TestBrowser(shop.app).call('POST', '/admin/api/session', {
      payload: { email: owner.email, password: STAFF_PASSWORD },
    });
    const cookie = signIn.cookies.find((c) => c.name === 'piste_staff')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });

    expect((await owner.call('DELETE', '/admin/api/session')).statusCode).toBe(204);
    const after = await owner.call('GET', '/admin/api/session');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('SIGN_IN_REQUIRED');
  });

  it('refuses a wrong password with one message, and a malformed email at its field', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const browser = new TestBrowser(shop.app);
    const wrong = await browser.call('POST', '/admin/api/session', {
      payload: { email: owner.email, password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const malformed = await browser.call('POST', '/admin/api/session', {
      payload: { email: 'not an email', password: 'x' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields)).toEqual(['email']);
  });

  it('refuses a change without the CSRF header even with a live session', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const response = await owner.call('DELETE', '/admin/api/session', { noCsrf: true });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CSRF');
  });

  it('describes the API in an OpenAPI document', async () => {
    const response = await shop.app.inject({ url: '/admin/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().servers).toEqual([{ url: '/admin/api' }]);
    expect(response.json().paths['/session']).toHaveProperty('post');
  });
});
