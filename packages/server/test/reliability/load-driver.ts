import type { HttpAnswer } from './http-shopper';

/** One request of a journey: what it was, how it ended, how long it took. */
export interface RequestSample {
  /** e.g. `page:category`, `api:cart-add`. */
  kind: string;
  /** The HTTP status, or 0 when no answer came (refused, reset, timed out). */
  status: number;
  /** Whether the status was one the journey expects at that step. */
  expected: boolean;
  ms: number;
  /** Sent after the warm-up: only these count towards latency. */
  measured: boolean;
  at: number;
  /** For an unexpected answer: the request and the start of the answer's body. */
  detail?: string;
}

/** What a journey calls for each request: sends it and records it; answers null when no answer came. */
export type Step = (kind: string, send: () => Promise<HttpAnswer>, expected?: number[]) => Promise<HttpAnswer | null>;

/** A visitor's short errand: a page view, a search, a cart, a checkout, a sign-in. */
export interface Journey {
  name: string;
  /** Its share of arrivals, relative to the other journeys' weights. */
  weight: number;
  run(step: Step): Promise<void>;
}

export interface LoadPlan {
  journeys: Journey[];
  /** New visitors per second, started on a fixed schedule whatever the server's pace (an open load). */
  arrivalsPerSecond: number;
  seconds: number;
  /** The first seconds, whose latencies are not measured (errors always count). */
  warmupSeconds: number;
  /** Visitors in progress beyond which the server counts as overwhelmed and no more start. */
  maxInFlight: number;
}

export interface LoadReport {
  samples: RequestSample[];
  journeysStarted: number;
  /** Arrivals that could not start because maxInFlight visitors were still in progress. */
  arrivalsDropped: number;
}

function pickJourney(journeys: Journey[]): Journey {
  const total = journeys.reduce((sum, journey) => sum + journey.weight, 0);
  let roll = Math.random() * total;
  for (const journey of journeys) {
    roll -= journey.weight;
    if (roll < 0) return journey;
  }
  return journeys[journeys.length - 1]!;
}

/**
 * Mixed traffic at a steady rate: a visitor arrives every 1/rate seconds, runs one journey, and
 * each of its requests is recorded. A journey whose request fails or answers unexpectedly stops
 * there, as a visitor would give up.
 */
export async function driveSteadyLoad(plan: LoadPlan): Promise<LoadReport> {
  const samples: RequestSample[] = [];
  const started = performance.now();
  const warmupEnds = started + plan.warmupSeconds * 1000;
  const visitors = new Set<Promise<void>>();
  let journeysStarted = 0;
  let arrivalsDropped = 0;

  class JourneyStopped extends Error {}
  const step: Step = async (kind, send, expected = [200]) => {
    const at = performance.now();
    let answer: HttpAnswer | null = null;
    try {
      answer = await send();
    } catch {
      // No answer: refused, reset or timed out; recorded as status 0.
    }
    const status = answer?.status ?? 0;
    const ok = expected.includes(status);
    const ms = answer?.ms ?? performance.now() - at;
    const detail = ok || !answer ? undefined : `${answer.request} → ${answer.body.slice(0, 200)}`;
    samples.push({ kind, status, expected: ok, ms, measured: at >= warmupEnds, at, detail });
    if (!ok) throw new JourneyStopped();
    return answer;
  };

  const interval = 1000 / plan.arrivalsPerSecond;
  const arrivals = Math.round(plan.seconds * plan.arrivalsPerSecond);
  for (let arrival = 0; arrival < arrivals; arrival++) {
    const due = started + arrival * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (visitors.size >= plan.maxInFlight) {
      arrivalsDropped += 1;
      continue;
    }
    journeysStarted += 1;
    const visitor = pickJourney(plan.journeys)
      .run(step)
      .catch((error: unknown) => {
        if (!(error instanceof JourneyStopped)) throw error;
      })
      .finally(() => visitors.delete(visitor));
    visitors.add(visitor);
  }
  await Promise.all(visitors);
  return { samples, journeysStarted, arrivalsDropped };
}

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}
