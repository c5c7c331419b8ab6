import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveFromRoot } from '../../src/paths';
import { serverBlocks, writeNginxConfig } from './nginx';

const deployed = (name: string) => readFileSync(resolveFromRoot(`deploy/nginx/${name}`), 'utf8');

describe('the deployment’s nginx files, made runnable', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const render = (
    template: string,
    placement: { upstreamPorts: number[]; otherPorts?: number[]; workers?: number },
  ) => {
    dir = mkdtempSync(join(tmpdir(), 'piste-nginx-render-'));
    const file = writeNginxConfig({ listenPort: 8100, otherPorts: [], dir, ...placement }, template);
    return readFileSync(file, 'utf8');
  };

  it('points the load balancer’s two upstream lines at the shops, keeping their health-check parameters', () => {
    const config = render(deployed('piste-load-balancer.conf'), { upstreamPorts: [9101, 9102], workers: 1 });
    expect(config).toContain('server 127.0.0.1:9101 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('server 127.0.0.1:9102 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('keepalive 32;');
    expect(config).toContain('listen 127.0.0.1:8100;');
    expect(config).toContain('worker_processes 1;');
    expect(config).not.toMatch(/:300[12]\b|listen 80;/);
  });

  it('gives the cache file’s purge listener a port of its own and its cache a folder of the run’s', () => {
    const template = deployed('piste-cache.conf');
    expect(serverBlocks(template)).toBe(2);
    const config = render(template, { upstreamPorts: [9101], otherPorts: [8101] });
    expect(config).toMatch(/server 127\.0\.0\.1:9101;\s+keepalive 32;/);
    expect(config).toContain('listen 127.0.0.1:8100;');
    expect(config).toContain('listen 127.0.0.1:8101;');
    expect(config).toContain(`proxy_cache_path ${join(dir, 'cache')} `);
    expect(config).not.toContain('/var/cache/nginx');
  });

  it('refuses more shops than the upstream has lines for', () => {
    expect(() => render(deployed('piste-cache.conf'), { upstreamPorts: [9101, 9102], otherPorts: [8101] })).toThrow(
      /1 server lines for 2 shops/,
    );
  });
});
