import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { readMigrationStatus, runSeeds, schema, type Database, type SeedStep } from './index';
import { testDatabaseKinds } from './testing';

/** A table of the test's own, so the seed runner is tested without any domain's schema. */
const probes = pgTable('seed_probes', { id: text('id').primaryKey(), value: integer('value').notNull() });

async function createProbeTable(database: Database) {
  await database.db.execute(sql`create table seed_probes (id text primary key, value integer not null)`);
}

describe.each(testDatabaseKinds())('database on $name', ({ create }) => {
  it('applies every shipped migration and reports itself up to date', async () => {
    const { database, dispose } = await create();
    try {
      const status = await readMigrationStatus(database);
      expect(status.expected).toBeGreaterThan(0);
      expect(status).toEqual({ expected: status.expected, applied: status.expected, upToDate: true });
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await dispose();
    }
  });

  it('loads a seed step once per version, and again after its version changes', async () => {
    const { database, dispose } = await create();
    await createProbeTable(database);
    let runs = 0;
    const step = (version: string): SeedStep => ({
      name: 'demo-probes',
      version,
      run: async (tx) => {
        runs += 1;
        await tx
          .insert(probes)
          .values({ id: 'us', value: runs })
          .onConflictDoUpdate({ target: probes.id, set: { value: runs } });
      },
    });
    try {
      expect(await runSeeds(database.db, [step('1')])).toEqual({ applied: ['demo-probes@1'], skipped: [] });
      expect(await runSeeds(database.db, [step('1')])).toEqual({ applied: [], skipped: ['demo-probes@1'] });
      expect(await runSeeds(database.db, [step('2')])).toEqual({ applied: ['demo-probes@2'], skipped: [] });
      expect(runs).toBe(2);
      expect(await database.db.select().from(probes)).toEqual([{ id: 'us', value: 2 }]);
    } finally {
      await dispose();
    }
  });

  it('rolls back a seed step that fails half way, recording nothing', async () => {
    const { database, dispose } = await create();
    await createProbeTable(database);
    const failing: SeedStep = {
      name: 'broken',
      version: '1',
      run: async (tx) => {
        await tx.insert(probes).values({ id: 'ca', value: 1 });
        throw new Error('seed source is corrupt');
      },
    };
    try {
      await expect(runSeeds(database.db, [failing])).rejects.toThrow('seed source is corrupt');
      expect(await database.db.select().from(probes)).toEqual([]);
      expect(await database.db.select().from(schema.seedRuns)).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
