import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { commandActor } from '../staff-actor';
import { createStaff } from './staff-accounts';
import { createStaffSessions, STAFF_IDLE_TIMEOUT_MS, STAFF_SESSION_MAX_MS } from './staff-sessions';

const MINUTE = 60 * 1000;

describe.each(testDatabaseKinds())('staff sessions on $name', (kind) => {
  let testDatabase: TestDatabase;
  let staffId: number;
  let clock: number;
  const sessions = () => createStaffSessions(testDatabase.database.db, () => new Date(clock));

  beforeAll(async () => {
    testDatabase = await kind.create();
    const member = await createStaff(testDatabase.database.db, commandActor('test'), {
      email: 'clock@staff.piste.test',
      name: 'Clock',
      role: 'support',
      password: 'A long staff passphrase 2026',
    });
    staffId = member.id;
  });
  afterAll(() => testDatabase.dispose());

  it('ends a session left idle for 30 minutes, and keeps one that is used', async () => {
    clock = Date.parse('2026-11-27T08:00:00Z');
    const token = await sessions().create(staffId);
    clock += STAFF_IDLE_TIMEOUT_MS - MINUTE;
    expect(await sessions().read(token)).toMatchObject({ id: staffId, role: 'support' });
    clock += STAFF_IDLE_TIMEOUT_MS - MINUTE;
    expect(await sessions().read(token)).not.toBeNull();
    clock += STAFF_IDLE_TIMEOUT_MS + MINUTE;
    expect(await sessions().read(token)).toBeNull();
  });

  it('ends a session 12 hours after sign-in however busy', async () => {
    clock = Date.parse('2026-11-28T08:00:00Z');
    const token = await sessions().create(staffId);
    const end = clock + STAFF_SESSION_MAX_MS;
    while (clock + 20 * MINUTE < end) {
      clock += 20 * MINUTE;
      expect(await sessions().read(token), new Date(clock).toISOString()).not.toBeNull();
    }
    clock = end + MINUTE;
    expect(await sessions().read(token)).toBeNull();
  });

  it('ends every session of a member at once', async () => {
    clock = Date.parse('2026-11-29T08:00:00Z');
    const first = await sessions().create(staffId);
    const second = await sessions().create(staffId);
    await sessions().destroyAllFor(staffId);
    expect(await sessions().read(first)).toBeNull();
    expect(await sessions().read(second)).toBeNull();
  });
});
