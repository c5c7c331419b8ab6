import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import { seedRuns } from '../schema/index';

/** Transaction handle given to seed steps: everything a step writes lands together or not at all. */
export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedStep {
  /** Stable name, e.g. `regions`: a database holding this step's data is never loaded again. */
  name: string;
  /** Changes with the step's data (a hash of its files); recorded, so an outdated load is reported. */
  version: string;
  /** The tables the step fills: it loads only while every one of them is empty. */
  tables: readonly PgTable[];
  /** Writes the step's data into those empty tables. */
  run(tx: SeedTx): Promise<void>;
}

export interface SeedReport {
  /** Loaded now. */
  applied: string[];
  /** Loaded before, at this version. */
  skipped: string[];
  /** Loaded before, at another version: the seed changed since, and the shop's data was kept. */
  outdated: string[];
  /** Never loaded, because the shop holds data of its own there (or in an earlier step's tables). */
  refused: string[];
}

/** Start-ups of several instances seed one after another, so no load runs over another's. */
const SEED_LOCK = sql`select pg_advisory_xact_lock(hashtext('piste seed runs'))`;

async function firstTableWithRows(tx: SeedTx, tables: readonly PgTable[]): Promise<string | undefined> {
  for (const table of tables) {
    const rows = await tx
      .select({ found: sql`1` })
      .from(table)
      .limit(1);
    if (rows.length > 0) return getTableName(table);
  }
  return undefined;
}

/**
 * Loads demo data into an empty shop only: each step once, into its empty tables, in order and
 * each in its own transaction. A step loaded before is never run again, even when its version
 * changed (a seed file was edited): by then its rows are the shop's, with sales, price and
 * content edits that a reload would undo. `npm run db:reset` reloads the demo data. A step whose
 * tables already hold rows it did not write stops the seeding there, since later steps build
 * on it (the content's product entries name the catalogue's ids).
 */
export async function runSeeds(db: Db, steps: readonly SeedStep[]): Promise<SeedReport> {
  const report: SeedReport = { applied: [], skipped: [], outdated: [], refused: [] };
  for (const step of steps) {
    const label = `${step.name}@${step.version}`;
    if (report.refused.length > 0) {
      report.refused.push(label);
      continue;
    }
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(SEED_LOCK);
      const loaded = await tx.select({ version: seedRuns.version }).from(seedRuns).where(eq(seedRuns.step, step.name));
      if (loaded.some((run) => run.version === step.version)) return { kind: 'skipped' as const };
      if (loaded.length > 0) return { kind: 'outdated' as const };
      const occupied = await firstTableWithRows(tx, step.tables);
      if (occupied) return { kind: 'refused' as const, occupied };
      await step.run(tx);
      await tx.insert(seedRuns).values({ step: step.name, version: step.version });
      return { kind: 'applied' as const };
    });
    report[outcome.kind].push(outcome.kind === 'refused' ? `${label} (${outcome.occupied} holds data)` : label);
  }
  return report;
}
