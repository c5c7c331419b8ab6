import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from '../../src/paths';

/** The reference configuration docs/deployment.md shows; the suite runs nginx on it. */
export const LOAD_BALANCER_CONF = join(repositoryRoot, 'deploy/nginx/piste-load-balancer.conf');

/** Debian's nginx, or null when it is not installed (the suite then skips, saying so). */
export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : null;
}

/**
 * The reference file with the test's ports: it listens on loopback at `port`, and its two
 * upstream servers (3001 and 3002 in the file) are the instances'. Everything else is as shipped.
 */
export function renderLoadBalancerConf(port: number, instancePorts: readonly [number, number]): string {
  const reference = readFileSync(LOAD_BALANCER_CONF, 'utf8');
  const rendered = reference
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${instancePorts[0]} `)
    .replace(/server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${instancePorts[1]} `);
  if (!rendered.includes(`listen 127.0.0.1:${port};`) || !rendered.includes(`:${instancePorts[1]} `)) {
    throw new Error(`${LOAD_BALANCER_CONF} no longer has the listen and upstream lines the suite replaces`);
  }
  return rendered;
}

export interface LoadBalancer {
  url: string;
  stop(): Promise<void>;
  /** nginx's error log so far (it logs to stderr): upstream failures and retries. */
  errorLog(): string;
}

/**
 * nginx in the foreground under a prefix of its own (pid, temp files, logs): nothing is written
 * to /etc or /var/log, and it stops with the suite. Debian's nginx, started as root, would run
 * its workers as `nobody`, who cannot write the temp folders here: the test's render alone says
 * `user root`.
 */
export async function startLoadBalancer(options: {
  nginx: string;
  prefix: string;
  port: number;
  instancePorts: readonly [number, number];
}): Promise<LoadBalancer> {
  const { nginx, prefix, port } = options;
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  writeFileSync(join(prefix, 'piste-load-balancer.conf'), renderLoadBalancerConf(port, options.instancePorts));
  const temp = (name: string) => `${name}_temp_path ${join(prefix, 'temp', name)};`;
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      'daemon off;',
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${join(prefix, 'piste-load-balancer.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-50_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${log}`);
    const listening = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (listening) break;
    if (tries > 50) throw new Error(`nginx did not listen on ${url}:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    errorLog: () => log,
    stop: async () => {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
