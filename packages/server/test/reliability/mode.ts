import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../src/paths';

/**
 * How hard the reliability suite pushes: `fast` inside `npm test` (seconds per file, keeps CI
 * short), `full` for `npm run test:reliability` (the figures docs/reliability.md reports).
 */
export const reliabilityMode: 'fast' | 'full' = process.env.RELIABILITY_MODE === 'full' ? 'full' : 'fast';

/** The fast or full size of a run: cases, parallel operations, kills, seconds. */
export function bySize<T>(fast: T, full: T): T {
  return reliabilityMode === 'full' ? full : fast;
}

/**
 * Records one figure of the run (cases tried, operations, kills, cells, payloads) in
 * `reliability-results/{mode}.jsonl`, from which docs/reliability.md quotes.
 */
export function recordFigure(section: string, name: string, value: number, unit = ''): void {
  const dir = join(repositoryRoot, 'reliability-results');
  mkdirSync(dir, { recursive: true });
  appendFileSync(
    join(dir, `${reliabilityMode}.jsonl`),
    `${JSON.stringify({ at: new Date().toISOString(), section, name, value, unit })}\n`,
  );
}
