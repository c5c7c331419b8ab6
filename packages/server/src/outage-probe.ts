import type { DatabaseProbe } from './database-probe';

/** What a request may fail for want of, through no fault of its own. */
export type Dependency = 'database' | 'redis';

/**
 * Asked after an unexpected failure: names a dependency that does not answer, so the API and the
 * pages answer 503 "try again" instead of 500 (docs/reliability.md). Redis holds only sessions
 * and rate limits, so a visitor without a session never reaches it; a signed-in one does on
 * every request.
 */
export interface OutageProbe {
  unreachable(): Promise<Dependency | null>;
}

/** Asks every configured dependency's probe at once; each bounds its own ping and reuses its verdict. */
export function createOutageProbe(probes: Partial<Record<Dependency, DatabaseProbe>>): OutageProbe {
  const configured = Object.entries(probes) as [Dependency, DatabaseProbe][];
  return {
    async unreachable() {
      const verdicts = await Promise.all(configured.map(([, probe]) => probe.unreachable()));
      return configured.find((_, index) => verdicts[index])?.[0] ?? null;
    },
  };
}
