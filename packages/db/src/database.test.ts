import { describe, expect, it } from 'vitest';
import { readMigrationStatus, runSeeds, schema, type SeedStep } from './index';
import { testDatabaseKinds } from './testing';

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
    let runs = 0;
    const step = (version: string): SeedStep => ({
      name: 'demo-regions',
      version,
      run: async (tx) => {
        runs += 1;
        await tx
          .insert(schema.regions)
          .values({ id: 'us', shopping: true, pro: false, billingRegion: 'us' })
          .onConflictDoUpdate({ target: schema.regions.id, set: { billingRegion: 'us' } });
      },
    });
    try {
      expect(await runSeeds(database.db, [step('1')])).toEqual({ applied: ['demo-regions@1'], skipped: [] });
      expect(await runSeeds(database.db, [step('1')])).toEqual({ applied: [], skipped: ['demo-regions@1'] });
      expect(await runSeeds(database.db, [step('2')])).toEqual({ applied: ['demo-regions@2'], skipped: [] });
      expect(runs).toBe(2);
      expect(await database.db.select().from(schema.regions)).toHaveLength(1);
    } finally {
      await dispose();
    }
  });

  it('rolls back a seed step that fails half way, recording nothing', async () => {
    const { database, dispose } = await create();
    const failing: SeedStep = {
      name: 'broken',
      version: '1',
      run: async (tx) => {
        await tx.insert(schema.regions).values({ id: 'ca', shopping: true, pro: false, billingRegion: 'ca' });
        throw new Error('seed source is corrupt');
      },
    };
    try {
      await expect(runSeeds(database.db, [failing])).rejects.toThrow('seed source is corrupt');
      expect(await database.db.select().from(schema.regions)).toEqual([]);
      expect(await database.db.select().from(schema.seedRuns)).toEqual([]);
    } finally {
      await dispose();
    }
  });
});
