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

  it('loads a seed step once, and never again when its version changes, keeping what the shop changed', async () => {
    const { database, dispose } = await create();
    await createProbeTable(database);
    let runs = 0;
    const step = (version: string): SeedStep => ({
      name: 'demo-probes',
      version,
      tables: [probes],
      run: async (tx) => {
        runs += 1;
        await tx.insert(probes).values({ id: 'us', value: 10 });
      },
    });
    try {
      expect(await runSeeds(database.db, [step('1')])).toEqual({
        applied: ['demo-probes@1'],
        skipped: [],
        outdated: [],
        refused: [],
      });
      await database.db.update(probes).set({ value: 9 });
      expect(await runSeeds(database.db, [step('1')])).toMatchObject({ applied: [], skipped: ['demo-probes@1'] });
      expect(await runSeeds(database.db, [step('2')])).toMatchObject({ applied: [], outdated: ['demo-probes@2'] });
      expect(runs).toBe(1);
      expect(await database.db.select().from(probes)).toEqual([{ id: 'us', value: 9 }]);
    } finally {
      await dispose();
    }
  });

  it('loads nothing over data the seed did not write, nor any later step', async () => {
    const { database, dispose } = await create();
    await createProbeTable(database);
    await database.db.insert(probes).values({ id: 'own', value: 1 });
    const runs: string[] = [];
    const step = (name: string): SeedStep => ({
      name,
      version: '1',
      tables: name === 'second' ? [probes] : [],
      run: async () => {
        runs.push(name);
      },
    });
    try {
      expect(await runSeeds(database.db, [step('first'), step('second'), step('third')])).toEqual({
        applied: ['first@1'],
        skipped: [],
        outdated: [],
        refused: ['second@1 (seed_probes holds data)', 'third@1'],
      });
      expect(runs).toEqual(['first']);
      expect(await database.db.select().from(probes)).toEqual([{ id: 'own', value: 1 }]);
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
      tables: [probes],
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
