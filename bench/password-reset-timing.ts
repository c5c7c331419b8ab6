/**
 * `npx tsx bench/password-reset-timing.ts`: whether the time of `POST /api/customers/password-reset`
 * tells a registered email from an unknown one (docs/security.md 'Password reset'). The
 * production server on PGlite, over loopback; pairs of requests, one for an account's email and
 * one for an address nobody has, in alternating order, each from an address of its own (the
 * per-IP limit) and sent once the server is idle again. Each is followed at once by a
 * `GET /healthz`, whose time shows whether the work left running after the answer slows the
 * server's next request. Writes
 * bench/results/password-reset-timing.json and .md.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, table, temporaryDataDir, writeResults, type RunningServer } from './lib';
import { MUTATING_HEADERS, XSRF } from './shop-client';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 40);
const WARMUP_REQUESTS = 10;
/** Long enough for anything a request left running after its answer to end before the next one. */
const IDLE_MS = 100;
const PASSWORD = 'a bench passphrase of some length';

let nextAddress = 1;
/** An address of its own per request (TRUST_PROXY), so the per-IP limits never engage. */
const freshAddress = () => {
  const index = nextAddress++;
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
};

async function post(server: RunningServer, path: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...MUTATING_HEADERS, cookie: `XSRF-TOKEN=${XSRF}`, 'x-forwarded-for': freshAddress() },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** The reset request's time, and that of a request sent right after its answer. */
async function requestReset(server: RunningServer, email: string): Promise<{ ms: number; nextMs: number }> {
  await sleep(IDLE_MS);
  const { status, ms } = await post(server, '/api/customers/password-reset', { email });
  if (status !== 202) throw new Error(`password-reset answered ${status} for ${email}`);
  const started = performance.now();
  await (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer();
  return { ms, nextMs: performance.now() - started };
}

type Timing = Awaited<ReturnType<typeof requestReset>>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round = (ms: number) => Math.round(ms * 100) / 100;

async function main(): Promise<void> {
  const data = temporaryDataDir('password-reset');
  const server = await startServer({ DATA_DIR: data.dir, TRUST_PROXY: 'true' });
  try {
    const known: string[] = [];
    for (let index = 0; index < PAIRS; index += 1) {
      const email = `reset-bench-${index}@piste.test`;
      const created = await post(server, '/api/customers/create', {
        email,
        password: PASSWORD,
        first_name: 'Bench',
        last_name: `Shopper ${index}`,
      });
      if (created.status !== 201) throw new Error(`customers/create answered ${created.status}`);
      known.push(email);
    }
    for (let index = 0; index < WARMUP_REQUESTS; index += 1)
      await requestReset(server, `warm-${randomUUID()}@nobody.test`);

    const pairs: { known: Timing; unknown: Timing }[] = [];
    for (const [index, email] of known.entries()) {
      const unknownEmail = `nobody-${randomUUID()}@nobody.test`;
      // Alternating which goes first, so a drift of the machine favours neither.
      if (index % 2 === 0) {
        const knownTiming = await requestReset(server, email);
        pairs.push({ known: knownTiming, unknown: await requestReset(server, unknownEmail) });
      } else {
        const unknownTiming = await requestReset(server, unknownEmail);
        pairs.push({ known: await requestReset(server, email), unknown: unknownTiming });
      }
    }
    const medianOf = (pick: (pair: (typeof pairs)[number]) => number) => round(median(pairs.map(pick)));
    const row = {
      pairs: PAIRS,
      knownMedianMs: medianOf((pair) => pair.known.ms),
      unknownMedianMs: medianOf((pair) => pair.unknown.ms),
      pairsKnownSlower: pairs.filter((pair) => pair.known.ms > pair.unknown.ms).length,
      nextAfterKnownMedianMs: medianOf((pair) => pair.known.nextMs),
      nextAfterUnknownMedianMs: medianOf((pair) => pair.unknown.nextMs),
      pairsNextAfterKnownSlower: pairs.filter((pair) => pair.known.nextMs > pair.unknown.nextMs).length,
      samples: pairs.map((pair) => ({
        knownMs: round(pair.known.ms),
        unknownMs: round(pair.unknown.ms),
        nextAfterKnownMs: round(pair.known.nextMs),
        nextAfterUnknownMs: round(pair.unknown.nextMs),
      })),
    };
    console.log(
      `reset: known ${row.knownMedianMs} ms, unknown ${row.unknownMedianMs} ms (medians), known slower in ${row.pairsKnownSlower} of ${PAIRS} pairs; ` +
        `next request: ${row.nextAfterKnownMedianMs} against ${row.nextAfterUnknownMedianMs} ms, slower after the known in ${row.pairsNextAfterKnownSlower}`,
    );
    writeResults('password-reset-timing', [row], (info) =>
      [
        '# Password-reset timing',
        '',
        `${new Date().toISOString()}, ${info.cpus} × ${info.cpuModel}, Node ${info.node}; PGlite, over loopback.`,
        '',
        table(
          ['Email', 'Reset request, median (ms)', 'The request right after it, median (ms)'],
          [
            ['has an account', row.knownMedianMs, row.nextAfterKnownMedianMs],
            ['has none', row.unknownMedianMs, row.nextAfterUnknownMedianMs],
          ],
        ),
        '',
        `The account's request was the slower in ${row.pairsKnownSlower} of ${PAIRS} pairs, the request after it ` +
          `in ${row.pairsNextAfterKnownSlower} (about half means no tell).`,
        '',
      ].join('\n'),
    );
  } finally {
    await server.stop();
    data.remove();
  }
}

await main();
