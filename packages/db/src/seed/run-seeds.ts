import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { seedRuns } from '../schema/index';

/** Transaction handle given to seed steps: everything a step writes lands together or not at all. */
export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedStep {
  /** Stable name, e.g. `regions`. */
  name: string;
  /** Bump when the step's data changes; a recorded (name, version) pair is not loaded again. */
  version: string;
  /** Writes the step's data with upserts, so a partly loaded database converges too. */
  run(tx: SeedTx): Promise<void>;
}

export interface SeedReport {
  applied: string[];
  skipped: string[];
}

/** Loads each step once per version, in order, each in its own transaction. */
export async function runSeeds(db: Db, steps: readonly SeedStep[]): Promise<SeedReport> {
  const report: SeedReport = { applied: [], skipped: [] };
  for (const step of steps) {
    const alreadyApplied = await db.transaction(async (tx) => {
      const existing = await tx
        .select()
        .from(seedRuns)
        .where(and(eq(seedRuns.step, step.name), eq(seedRuns.version, step.version)));
      if (existing.length > 0) return true;
      await step.run(tx);
      await tx.insert(seedRuns).values({ step: step.name, version: step.version }).onConflictDoNothing();
      return false;
    });
    (alreadyApplied ? report.skipped : report.applied).push(`${step.name}@${step.version}`);
  }
  return report;
}
