/**
 * nginx (Debian's package) on one of the deployment's own configurations
 * (`deploy/nginx/*.conf`), pointed at shops on local ports, listening on others, with its cache,
 * temporary files and logs in a directory of its own: what the cache suite, the scale-out suite
 * and the bench put in front of the shop, as it would stand in front of it in production.
 *
 * The file is used as written except for the addresses and paths a machine decides: every
 * `listen` (one port per `server` block), the address of each `server` line of its `upstream`
 * blocks (or a `proxy_pass` to an address when it has no upstream), `proxy_cache_path`'s
 * directory and the logs. A file holding only `http`-level directives (`proxy_cache_path`,
 * `upstream`, `server { … }`) is wrapped in a main configuration; a whole `nginx.conf` (with its
 * own `http { … }`) keeps its own. Nothing is written to /etc or /var.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's dynamic modules, among them the cache-purge module the cache configuration's purge uses. */
const DEBIAN_MODULES = '/etc/nginx/modules-enabled';

const TEMPORARY_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

/** `NGINX_PATH`, else Debian's nginx, else the one on the PATH; null when there is none (suites then skip, saying so). */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() !== '' ? found.stdout.trim() : null;
}

export interface NginxPlacement {
  /** The shops' ports on 127.0.0.1, one per `server` line of the upstream, in its order. */
  upstreamPorts: readonly number[];
  /** The port nginx listens on for shoppers, on 127.0.0.1. */
  listenPort: number;
  /** A port for each further `server` block (`serverBlocks` − 1), such as the purge listener. */
  otherPorts: readonly number[];
  /** A fresh directory for the cache, temporary files, logs and the rendered configuration. */
  dir: string;
  /** `worker_processes` when the file does not set it: `auto` unless given. */
  workers?: number;
}

/** How many `server` blocks the configuration has: each listens on a port of its own here. */
export function serverBlocks(template: string): number {
  return template.match(/^\s*server\s*\{/gm)?.length ?? 0;
}

/**
 * One `listen` per `server` block, the first block (the shop's) on `listenPort`, the others (a
 * purge listener) each on one of `otherPorts`; an IPv6 twin of a `listen` goes.
 */
function listeningOn(template: string, listenPort: number, otherPorts: readonly number[]): string {
  const ports = [listenPort, ...otherPorts];
  let block = -1;
  let listening = false;
  return template
    .split('\n')
    .flatMap((line) => {
      if (/^\s*server\s*\{/.test(line)) {
        block += 1;
        listening = false;
      }
      const listen = /^(\s*)listen\s+[^;]+;/.exec(line);
      if (!listen) return [line];
      if (listening) return [];
      listening = true;
      return [`${listen[1]}listen 127.0.0.1:${ports[block] ?? listenPort};`];
    })
    .join('\n');
}

/**
 * An upstream's `server` lines on the given ports, in order, each keeping its parameters
 * (`max_fails`, `fail_timeout`); lines beyond the ports go. Fewer lines than ports is an error:
 * the file no longer has what the caller runs.
 */
function upstreamOn(body: string, ports: readonly number[]): string {
  let index = 0;
  const servers = body.replace(
    /^([ \t]*)server\s+[^\s;]+([^;\n]*;[^\n]*\n?)/gm,
    (_line, indent: string, rest: string) => {
      const port = ports[index++];
      return port === undefined ? '' : `${indent}server 127.0.0.1:${port}${rest}`;
    },
  );
  if (index < ports.length) throw new Error(`The upstream has ${index} server lines for ${ports.length} shops`);
  return servers;
}

/** The deployment's directives, re-addressed to this machine's ports and directories. */
function readdressed(template: string, { upstreamPorts, listenPort, otherPorts, dir }: NginxPlacement): string {
  const config = listeningOn(template, listenPort, otherPorts)
    .replace(/^(\s*)proxy_cache_path\s+\S+/gm, `$1proxy_cache_path ${join(dir, 'cache')}`)
    .replace(/^(\s*)access_log\s+[^;]+;/gm, '$1access_log off;')
    .replace(/^(\s*)error_log\s+[^;]+;/gm, `$1error_log ${join(dir, 'error.log')} warn;`)
    .replace(
      /^(\s*upstream\s+\S+\s*\{)([^}]*)\}/gm,
      (_block, opening: string, body: string) => `${opening}${upstreamOn(body, upstreamPorts)}}`,
    );
  if (/^\s*upstream\s+\S+\s*\{/m.test(template)) return config;
  return config.replace(/proxy_pass\s+https?:\/\/[^/;\s]+/g, `proxy_pass http://127.0.0.1:${upstreamPorts[0]}`);
}

/** The directives a non-installed nginx needs to run from a directory of its own. */
function runningDirectives(config: string, { dir, workers }: NginxPlacement): { main: string; http: string } {
  const main = [
    'daemon off;',
    'master_process on;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    // Run as root, nginx would hand its workers to nobody, who cannot write the cache here.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    ...(/^\s*worker_processes\s/m.test(config) ? [] : [`worker_processes ${workers ?? 'auto'};`]),
    ...(existsSync(DEBIAN_MODULES) && !/modules-enabled/.test(config) ? [`include ${DEBIAN_MODULES}/*.conf;`] : []),
  ].join('\n');
  const http = TEMPORARY_PATHS.filter((name) => !new RegExp(`^\\s*${name}_temp_path\\s`, 'm').test(config))
    .map((name) => `${name}_temp_path ${join(dir, `${name}-temp`)};`)
    .concat(/^\s*access_log\s/m.test(config) ? [] : ['access_log off;'])
    .join('\n');
  return { main, http };
}

/** Writes the configuration made from `template` (the file's text) for that placement, and answers its path. */
export function writeNginxConfig(placement: NginxPlacement, template: string): string {
  mkdirSync(join(placement.dir, 'cache'), { recursive: true });
  const config = readdressed(template, placement);
  const { main, http } = runningDirectives(config, placement);
  const wholeConfig = /^\s*http\s*\{/m.test(config);
  const rendered = wholeConfig
    ? `${main}\n${config
        .replace(/^\s*(daemon|master_process|pid|user)\s+[^;]+;\s*$/gm, '')
        .replace(/^\s*error_log\s+[^;]+;\s*$/m, '')
        .replace(/^(\s*http\s*\{)/m, `$1\n${http}`)}`
    : `${main}\nevents {}\nhttp {\n${http}\n${config}\n}\n`;
  const file = join(placement.dir, 'nginx.conf');
  writeFileSync(file, rendered);
  return file;
}

export interface RunningNginx {
  baseUrl: string;
  process: ChildProcess;
  /** nginx's error log so far (warnings and up): upstream failures and retries. */
  errorLog(): string;
  /** A graceful stop (SIGQUIT). */
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on that placement and waits until it answers. */
export async function startNginx(nginx: string, placement: NginxPlacement, template: string): Promise<RunningNginx> {
  const file = writeNginxConfig(placement, template);
  const logFile = join(placement.dir, 'error.log');
  const child = spawn(nginx, ['-c', file, '-e', logFile], { stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${placement.listenPort}`;
  const errorLog = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-50_000) : '');
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT');
    });
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} on ${file}:\n${errorLog()}`);
    try {
      await fetch(`${baseUrl}/healthz`, { method: 'HEAD', signal: AbortSignal.timeout(1_000) });
      return { baseUrl, process: child, errorLog, stop };
    } catch (error) {
      if (attempt >= 50) {
        await stop();
        throw new Error(`nginx did not answer on ${baseUrl}:\n${errorLog()}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
