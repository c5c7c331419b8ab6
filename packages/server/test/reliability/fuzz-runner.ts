import fc from 'fast-check';
import type { DatabaseChanges, TableChange } from './database-changes';
import { prototypeFingerprint } from './response-checks';

export interface FuzzOutcome {
  target: string;
  /** Requests sent, shrinking included. */
  cases: number;
  /** fast-check's report of the smallest failing case and its seed, or null. */
  failure: string | null;
}

const MAX_REPORT = 4_000;

/** `FUZZ_SEED`, from a failure's report, makes the same cases again (docs/reliability.md). */
const replay = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {};

/**
 * Runs fast-check's cases against one target (a route, GraphQL, a form action) and answers
 * how many it tried and the failure, if any, instead of throwing: one run reports every broken
 * target at once. `problemsOf` sends one case and says what is wrong with its answer.
 */
export async function fuzzTarget<Case>(
  target: string,
  cases: fc.Arbitrary<Case>,
  numRuns: number,
  problemsOf: (input: Case) => Promise<string[]>,
): Promise<FuzzOutcome> {
  let tried = 0;
  const details = await fc.check(
    fc.asyncProperty(cases, async (input) => {
      tried += 1;
      const problems = await problemsOf(input);
      if (problems.length > 0) throw new Error(problems.join('; '));
    }),
    { numRuns, includeErrorInReport: true, ...replay },
  );
  const report = details.failed ? (fc.defaultReportMessage(details) ?? 'failed') : null;
  return {
    target,
    cases: tried,
    failure: report && report.length > MAX_REPORT ? `${report.slice(0, MAX_REPORT)}…` : report,
  };
}

const describeChanges = (changes: TableChange[]) =>
  changes.map(({ table, operation, rows }) => `${operation} ${rows} row(s) of ${table}`).join(', ');

/**
 * The side effects a fuzzed request must not have: writing to the database when it was refused
 * (or only read), and polluting Object.prototype (every object in the process would see it).
 */
export function sideEffectChecks(changes: DatabaseChanges) {
  const cleanPrototype = prototypeFingerprint();
  return async <Answer extends { statusCode: number }>(
    send: () => Promise<Answer>,
    options: { readOnly: boolean },
  ): Promise<{ answer: Answer; problems: string[] }> => {
    const mark = await changes.mark();
    const answer = await send();
    const problems: string[] = [];
    if (answer.statusCode >= 400 || options.readOnly) {
      const written = await changes.since(mark);
      if (written.length > 0) {
        problems.push(
          `${answer.statusCode} (${options.readOnly ? 'a read' : 'refused'}) but wrote: ${describeChanges(written)}`,
        );
      }
    }
    if (prototypeFingerprint() !== cleanPrototype || ({} as Record<string, unknown>).polluted !== undefined) {
      problems.push('Object.prototype was polluted');
    }
    return { answer, problems };
  };
}
