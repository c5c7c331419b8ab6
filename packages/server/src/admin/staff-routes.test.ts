import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { signedInStaff, STAFF_PASSWORD } from '../../test/support/admin-harness';
import { createSeededApiApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

/** Seeding a demo shop takes a while on a busy machine. */
const SEEDING_TIMEOUT_MS = 240_000;

const NEW_PASSWORD = 'Another fine passphrase 77';

let emails = 0;
const freshEmail = (who: string) => `${who}-${++emails}-${Date.now()}@staff.piste.test`;

/** The code an authenticator app holding the secret shows now. */
const currentCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

describe.each(testDatabaseKinds())('staff management on $name', (kind) => {
  let shop: Awaited<ReturnType<typeof createSeededApiApp>>;
  beforeAll(async () => {
    shop = await createSeededApiApp(kind);
  }, SEEDING_TIMEOUT_MS);
  afterAll(() => shop?.close());

  const signIn = (email: string, password: string, totp?: string) =>
    new TestBrowser(shop.app).call('POST', '/admin/api/session', {
      payload: { email, password, ...(totp ? { totp } : {}) },
    });

  async function createMember(owner: TestBrowser, role = 'merchandiser') {
    const email = freshEmail(role);
    const response = await owner.call('POST', '/admin/api/staff', {
      payload: { email, name: 'Mara Lind', role, password: STAFF_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().staff as { id: number; email: string; version: number; role: string };
  }

  it('lets an owner create a merchandiser who can then sign in, and records it', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const member = await createMember(owner);
    expect(member).toMatchObject({ role: 'merchandiser', disabled: false, totpEnabled: false, version: 1 });

    const list = await owner.call('GET', '/admin/api/staff');
    expect(list.json().staff.map((s: { email: string }) => s.email)).toContain(member.email);
    expect(list.body).not.toContain('passwordHash');

    const signedIn = await signIn(member.email, STAFF_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().staff.permissions).toContain('catalogue:write');

    const audit = await owner.call('GET', `/admin/api/audit?entityType=staff&entityId=${member.id}`);
    expect(audit.json().entries[0]).toMatchObject({
      action: 'staff.create',
      actor: owner.email,
      staffId: owner.staffId,
      after: { email: member.email, role: 'merchandiser' },
    });
  });

  it('refuses a weak password, a taken email and an unknown role at their fields, creating nothing', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const weak = await owner.call('POST', '/admin/api/staff', {
      payload: { email: freshEmail('weak'), name: 'Weak', role: 'support', password: 'password1' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/password/i);

    const taken = await owner.call('POST', '/admin/api/staff', {
      payload: { email: owner.email.toUpperCase(), name: 'Twin', role: 'support', password: STAFF_PASSWORD },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toEqual({ email: 'A staff account already has this email.' });

    const badRole = await owner.call('POST', '/admin/api/staff', {
      payload: { email: freshEmail('role'), name: '', role: 'admin', password: STAFF_PASSWORD },
    });
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys(badRole.json().error.fields).sort()).toEqual(['name', 'role']);
  });

  it('changes a role with the version loaded, and refuses a stale version showing the other change', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const member = await createMember(owner);

    const changed = await owner.call('PATCH', `/admin/api/staff/${member.id}`, {
      payload: { version: member.version, role: 'support' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().staff).toMatchObject({ role: 'support', version: member.version + 1 });

    const stale = await owner.call('PATCH', `/admin/api/staff/${member.id}`, {
      payload: { version: member.version, name: 'Someone Else' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'VERSION_CONFLICT',
      current: { role: 'support', name: 'Mara Lind', version: member.version + 1 },
    });

    const session = await signIn(member.email, STAFF_PASSWORD);
    expect(session.json().staff.role).toBe('support');

    expect((await owner.call('GET', `/admin/api/staff/${member.id}`)).json().staff.role).toBe('support');
    expect((await owner.call('GET', '/admin/api/staff/999999')).statusCode).toBe(404);
    const missing = await owner.call('PATCH', '/admin/api/staff/999999', { payload: { version: 1, name: 'X' } });
    expect(missing.statusCode).toBe(404);
    const nothing = await owner.call('PATCH', `/admin/api/staff/${member.id}`, { payload: { version: 2 } });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.fields.name).toBe('Change the name or the role.');
  });

  it('ends the sessions of a disabled member at once, and lets them back in once enabled', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const member = await signedInStaff(shop.app, shop.database, 'support');
    expect((await member.call('GET', '/admin/api/session')).statusCode).toBe(200);

    const disabled = await owner.call('PUT', `/admin/api/staff/${member.staffId}/disabled`, {
      payload: { version: 1, disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().staff.disabled).toBe(true);
    expect((await member.call('GET', '/admin/api/session')).statusCode).toBe(401);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(401);

    const enabled = await owner.call('PUT', `/admin/api/staff/${member.staffId}/disabled`, {
      payload: { version: 2, disabled: false },
    });
    expect(enabled.json().staff.disabled).toBe(false);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(200);

    const actions = (await owner.call('GET', `/admin/api/audit?entityType=staff&entityId=${member.staffId}`))
      .json()
      .entries.map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['staff.enable', 'staff.disable']);
  });

  it('never leaves the shop without an active owner', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const others = (await owner.call('GET', '/admin/api/staff')).json().staff as {
      id: number;
      role: string;
      disabled: boolean;
      version: number;
    }[];
    for (const other of others.filter((s) => s.role === 'owner' && !s.disabled && s.id !== owner.staffId)) {
      const response = await owner.call('PUT', `/admin/api/staff/${other.id}/disabled`, {
        payload: { version: other.version, disabled: true },
      });
      expect(response.statusCode, response.body).toBe(200);
    }

    const demote = await owner.call('PATCH', `/admin/api/staff/${owner.staffId}`, {
      payload: { version: 1, role: 'support' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({
      code: 'LAST_OWNER',
      message: expect.stringMatching(/last active owner/),
    });
    const disable = await owner.call('PUT', `/admin/api/staff/${owner.staffId}/disabled`, {
      payload: { version: 1, disabled: true },
    });
    expect(disable.json().error.code).toBe('LAST_OWNER');
    expect((await owner.call('GET', '/admin/api/session')).json().staff.role).toBe('owner');

    await createMember(owner, 'owner');
    const demoted = await owner.call('PATCH', `/admin/api/staff/${owner.staffId}`, {
      payload: { version: 1, role: 'support' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await owner.call('GET', '/admin/api/staff')).statusCode).toBe(403);
  });

  it('resets a member’s password: their sessions end and only the new one signs in', async () => {
    const owner = await signedInStaff(shop.app, shop.database, 'owner');
    const member = await signedInStaff(shop.app, shop.database, 'merchandiser');

    const weak = await owner.call('POST', `/admin/api/staff/${member.staffId}/password`, {
      payload: { password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/at least/);

    const reset = await owner.call('POST', `/admin/api/staff/${member.staffId}/password`, {
      payload: { password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await member.call('GET', '/admin/api/session')).statusCode).toBe(401);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lets a member change their own password with the current one, ending their other sessions', async () => {
    const member = await signedInStaff(shop.app, shop.database, 'support');
    const elsewhere = await signIn(member.email, STAFF_PASSWORD);
    const otherBrowser = new TestBrowser(shop.app);
    otherBrowser.cookies.set('piste_staff', elsewhere.cookies.find((c) => c.name === 'piste_staff')!.value);

    const wrong = await member.call('PUT', '/admin/api/account/password', {
      payload: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: 'This is not your current password.' });

    const changed = await member.call('PUT', '/admin/api/account/password', {
      payload: { currentPassword: STAFF_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await member.call('GET', '/admin/api/account')).json().staff.email).toBe(member.email);
    expect((await otherBrowser.call('GET', '/admin/api/session')).statusCode).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords towards the sign-in limit, so a borrowed session cannot guess', async () => {
    const member = await signedInStaff(shop.app, shop.database, 'support');
    const guess = () =>
      member.call('PUT', '/admin/api/account/password', {
        payload: { currentPassword: 'a wrong guess', newPassword: NEW_PASSWORD },
      });
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await guess()).statusCode).toBe(400);
    const sixth = await guess();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(429);
  });

  it('turns on a second factor only with a matching code, then asks for it at sign-in', async () => {
    const member = await signedInStaff(shop.app, shop.database, 'merchandiser');
    const setup = await member.call('POST', '/admin/api/account/totp', { payload: {} });
    expect(setup.statusCode, setup.body).toBe(200);
    const { uri, secret } = setup.json() as { uri: string; secret: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);

    const wrongCode = currentCode(secret) === '000000' ? '111111' : '000000';
    const refused = await member.call('POST', '/admin/api/account/totp/confirm', {
      payload: { secret, code: wrongCode },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.code).toMatch(/does not match/);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(200);

    const confirmed = await member.call('POST', '/admin/api/account/totp/confirm', {
      payload: { secret, code: currentCode(secret) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().staff.totpEnabled).toBe(true);

    const withoutCode = await signIn(member.email, STAFF_PASSWORD);
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().error.code).toBe('TOTP_REQUIRED');
    expect((await signIn(member.email, STAFF_PASSWORD, wrongCode)).json().error.code).toBe('INVALID_TOTP');
    expect((await signIn(member.email, STAFF_PASSWORD, currentCode(secret))).statusCode).toBe(200);

    const offWithoutCode = await member.call('DELETE', '/admin/api/account/totp', { payload: { code: wrongCode } });
    expect(offWithoutCode.statusCode).toBe(400);
    const off = await member.call('DELETE', '/admin/api/account/totp', { payload: { code: currentCode(secret) } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().staff.totpEnabled).toBe(false);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the sixth wrong password for one email with 429 and Retry-After', async () => {
    const member = await signedInStaff(shop.app, shop.database, 'support');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn(member.email, 'wrong password guess')).statusCode).toBe(401);
    }
    const sixth = await signIn(member.email, 'wrong password guess');
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(member.email, STAFF_PASSWORD)).statusCode).toBe(429);
  });
});
