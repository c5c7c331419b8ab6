import Fastify from 'fastify';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isSkippedPath } from '@piste/core';
import { latestBuildRoute } from './latest-build';

const buildWithVersion = (version: string) => ({ assets: { version } }) as ServerBuild;

describe('GET /builds/latest.json (spec §7 Build and routing)', () => {
  it('answers the running build id, never cached', async () => {
    const app = Fastify();
    await app.register(latestBuildRoute(buildWithVersion('5f2c9e1a')));
    const response = await app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ id: '5f2c9e1a' });
    await app.close();
  });

  it('follows a build that changes (the development server reloads it)', async () => {
    let version = 'one';
    const app = Fastify();
    await app.register(latestBuildRoute(async () => buildWithVersion(version)));
    expect((await app.inject('/builds/latest.json')).json()).toEqual({ id: 'one' });
    version = 'two';
    expect((await app.inject('/builds/latest.json')).json()).toEqual({ id: 'two' });
    await app.close();
  });

  it('is left alone by locale routing', () => {
    expect(isSkippedPath('/builds/latest.json')).toBe(true);
  });
});
