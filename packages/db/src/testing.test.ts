import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from './query-rows';
import { readMigrationStatus } from './migrate';
import { takeTestDatabaseSnapshots, testDatabaseKinds, type TestDatabase } from './testing';

/** The snapshots' own test: a step's rows reach each copy, and no copy sees another's changes. */
describe('test database snapshots', () => {
  const notes = (copy: TestDatabase) =>
    queryRows<{ body: string }>(copy.database.db, sql`select body from snapshot_notes order by body`);

  it('hands each test its own copy of each state, and forgets them at teardown', async () => {
    const teardown = await takeTestDatabaseSnapshots([
      {
        name: 'with-notes',
        apply: async (database) => {
          await database.db.execute(sql`create table snapshot_notes (body text not null)`);
          await database.db.execute(sql`insert into snapshot_notes values ('from the snapshot')`);
        },
      },
    ]);
    const places = JSON.parse(process.env.PISTE_TEST_DATABASE_SNAPSHOTS!) as { pglite: Record<string, string> };
    try {
      for (const kind of testDatabaseKinds()) {
        const first = (await kind.copyOf('with-notes'))!;
        const second = (await kind.copyOf('with-notes'))!;
        const migrated = await kind.create();
        try {
          await first.database.db.execute(sql`insert into snapshot_notes values ('only in the first')`);
          expect(await notes(first), kind.name).toEqual([{ body: 'from the snapshot' }, { body: 'only in the first' }]);
          expect(await notes(second), kind.name).toEqual([{ body: 'from the snapshot' }]);
          // The migrated snapshot comes before the step: the schema, and not the step's table.
          expect((await readMigrationStatus(migrated.database)).upToDate, kind.name).toBe(true);
          await expect(notes(migrated), kind.name).rejects.toThrow(/snapshot_notes/);
          expect(await kind.copyOf('never-taken'), kind.name).toBeNull();
        } finally {
          await Promise.all([first.dispose(), second.dispose(), migrated.dispose()]);
        }
      }
    } finally {
      await teardown();
    }
    expect(existsSync(places.pglite['with-notes']!)).toBe(false);
    for (const kind of testDatabaseKinds()) expect(await kind.copyOf('with-notes'), kind.name).toBeNull();
  });
});
