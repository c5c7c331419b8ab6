import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listAudit, listStaff, verifyStaffSignIn } from '@piste/admin/server';
import { openDatabase } from '@piste/db';
import { staffCreate, type StaffCreateIo } from './staff-create';

const PASSWORD = 'First owner passphrase 2026';

// Each run opens a PGlite shop on disk and migrates it: slow on a busy machine.
describe('npm run staff:create', { timeout: 120_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'piste-staff-create-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Runs the command over a PGlite shop in a temporary DATA_DIR, as `npm run` would. */
  async function run(argv: string[], password: { env?: string; typed?: string }) {
    const out: string[] = [];
    const errors: string[] = [];
    let asked = 0;
    const io: StaffCreateIo = {
      env: {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        SEED_ON_START: 'false',
        ...(password.env ? { STAFF_PASSWORD: password.env } : {}),
      },
      askPassword: async () => {
        asked += 1;
        return password.typed ?? '';
      },
      print: (line) => out.push(line),
      printError: (line) => errors.push(line),
    };
    const code = await staffCreate(argv, io);
    return { code, out: out.join('\n'), errors: errors.join('\n'), asked };
  }

  it('creates the first owner with the password asked for, migrating the database first', async () => {
    const result = await run(['--email', 'Owner@Piste.test', '--name', 'Ola Owner', '--role', 'owner'], {
      typed: PASSWORD,
    });
    expect(result.errors).toBe('');
    expect(result.code).toBe(0);
    expect(result.asked).toBe(1);
    expect(result.out).toContain('Created the owner account owner@piste.test (Ola Owner');
    expect(result.out).toContain('/admin');

    const database = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const signIn = await verifyStaffSignIn(database.db, { email: 'owner@piste.test', password: PASSWORD });
      expect(signIn.kind).toBe('signed-in');
      const [entry] = await listAudit(database.db, { action: 'staff.create', limit: 1 });
      expect(entry).toMatchObject({ actor: 'staff:create (command)', staffId: null, entityType: 'staff' });
    } finally {
      await database.close();
    }
  });

  it('takes the password from STAFF_PASSWORD without asking, and names the account after the email', async () => {
    const result = await run(['--email', 'sam@piste.test', '--role', 'support'], { env: PASSWORD });
    expect(result.code).toBe(0);
    expect(result.asked).toBe(0);
    expect(result.out).toContain('Created the support account sam@piste.test (sam,');
  });

  it('refuses a taken email, a weak password and bad arguments with the reason and exit code 1', async () => {
    const taken = await run(['--email', 'owner@piste.test', '--role', 'owner'], { env: PASSWORD });
    expect(taken).toMatchObject({ code: 1, errors: 'A staff account already has this email.' });

    const weak = await run(['--email', 'weak@piste.test', '--role', 'owner'], { env: 'password' });
    expect(weak.code).toBe(1);
    expect(weak.errors).toMatch(/^The password must be at least/);

    const badArgs = await run(['--email', 'not-an-email', '--role', 'admin'], { env: PASSWORD });
    expect(badArgs.code).toBe(1);
    expect(badArgs.errors).toContain('--email: give the staff member’s email address');
    expect(badArgs.errors).toContain('--role: one of owner, merchandiser, support');

    const unknownOption = await run(['--emial', 'x@piste.test'], { env: PASSWORD });
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.errors).toContain('Usage: npm run staff:create');

    const database = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      expect((await listStaff(database.db)).map((member) => member.email).sort()).toEqual([
        'owner@piste.test',
        'sam@piste.test',
      ]);
    } finally {
      await database.close();
    }
  });
});
