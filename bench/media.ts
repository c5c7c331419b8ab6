/**
 * Media benchmark: cached transform throughput and p99 over HTTP, and the
 * cold transform time of a 1792-px WebP. Run with `npx tsx bench/media.ts`; writes
 * bench/results/media.json. Traffic goes only to a server it starts on 127.0.0.1, bounded in time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { MediaService } from '@piste/media/server';
import { mediaRoutes } from '../packages/server/src/routes/media';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUDGET = { cachedRequestsPerSecond: 3000, coldTransformMs: 150 };
const COLD_RUNS = 8;
const LOAD_SECONDS = 10;

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
}

async function main() {
  const cacheDir = await mkdtemp(join(tmpdir(), 'piste-media-bench-'));
  const service = await MediaService.create({
    mediaDir: join(root, 'data/seed/media'),
    cacheDir,
    cacheMaxBytes: 512 * 1024 * 1024,
  });
  if (!service.library.image('piste', 'banner-bluebird')) throw new Error('Run `npm run media:generate` first.');
  const app = Fastify({ logger: false });
  await app.register(mediaRoutes(service), { prefix: '/media' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });

  // Cold: a new quality each time, so every request is a real transform of the 1792×1008 original.
  const cold: number[] = [];
  for (let run = 0; run < COLD_RUNS; run += 1) {
    const started = performance.now();
    const response = await fetch(`${address}/media/i/piste/banner-bluebird?w=1792&fmt=webp&qlt=${80 + run}`);
    await response.arrayBuffer();
    cold.push(performance.now() - started);
    if (!response.ok) throw new Error(`cold request failed: ${response.status}`);
  }
  cold.sort((a, b) => a - b);

  const cachedUrl = `${address}/media/i/piste/banner-bluebird?w=768&h=432&sm=c&fmt=auto`;
  await (await fetch(cachedUrl, { headers: { accept: 'image/webp' } })).arrayBuffer();
  const load = (await autocannon({
    url: cachedUrl,
    connections: 32,
    pipelining: 1,
    duration: LOAD_SECONDS,
    headers: { accept: 'image/webp' },
  })) as AutocannonResult;

  const results = {
    date: new Date().toISOString(),
    machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
    coldTransform1792Webp: {
      runs: COLD_RUNS,
      medianMs: Number(cold[Math.floor(cold.length / 2)]!.toFixed(1)),
      maxMs: Number(cold.at(-1)!.toFixed(1)),
      budgetMs: BUDGET.coldTransformMs,
      withinBudget: cold[Math.floor(cold.length / 2)]! < BUDGET.coldTransformMs,
    },
    cachedThroughput: {
      url: cachedUrl.replace(address, ''),
      seconds: LOAD_SECONDS,
      connections: 32,
      requestsPerSecond: Math.round(load.requests.average),
      latencyP50Ms: load.latency.p50,
      latencyP99Ms: load.latency.p99,
      non2xx: load.non2xx,
      errors: load.errors,
      budgetRequestsPerSecond: BUDGET.cachedRequestsPerSecond,
      withinBudget: load.requests.average > BUDGET.cachedRequestsPerSecond,
    },
    transforms: service.stats.transforms,
  };
  await mkdir(join(root, 'bench/results'), { recursive: true });
  await writeFile(join(root, 'bench/results/media.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  await app.close();
  await rm(cacheDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
