/**
 * A runnable nginx configuration made from the deployment's (`deploy/nginx/piste-cache.conf`),
 * pointed at a shop on a local port, listening on another, with its cache, temporary files and
 * logs in a directory of its own: what the bench puts in front of the shop, as it would stand
 * in front of it in production.
 *
 * The deployment file is used as written except for the addresses and paths a machine decides:
 * every `listen` (one free port per `server` block), the `server` lines of its `upstream` blocks (or a `proxy_pass` to an address
 * when it has no upstream), `proxy_cache_path`'s directory and the logs. A file holding only
 * `http`-level directives (`proxy_cache_path`, `upstream`, `server { … }`) is wrapped in a
 * main configuration; a whole `nginx.conf` (with its own `http { … }`) keeps its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './lib';

/** `BENCH_NGINX_CONFIG` benches another configuration written the same way. */
export const NGINX_CONFIG = process.env.BENCH_NGINX_CONFIG ?? join(repositoryRoot, 'deploy/nginx/piste-cache.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Debian's dynamic modules, among them the cache-purge module the deployment's purge uses. */
const DEBIAN_MODULES = '/etc/nginx/modules-enabled';

const TEMPORARY_PATHS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

export interface NginxPlacement {
  /** The shop's port on 127.0.0.1. */
  upstreamPort: number;
  /** The port nginx listens on for shoppers, on 127.0.0.1. */
  listenPort: number;
  /** A port for each further `server` block (`serverBlocks` − 1), such as the purge listener. */
  otherPorts: number[];
  /** A fresh directory for the cache, temporary files, logs and the rendered configuration. */
  dir: string;
}

/** How many `server` blocks the configuration has: each listens on a port of its own here. */
export function serverBlocks(template: string): number {
  return template.match(/^\s*server\s*\{/gm)?.length ?? 0;
}

/**
 * One `listen` per `server` block, the first block (the shop's) on `listenPort`, the others (a
 * purge listener) each on one of `otherPorts`; an IPv6 twin of a `listen` goes.
 */
function listeningOn(template: string, listenPort: number, otherPorts: number[]): string {
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

/** The deployment's directives, re-addressed to this machine's ports and directories. */
function readdressed(template: string, { upstreamPort, listenPort, otherPorts, dir }: NginxPlacement): string {
  const upstream = `127.0.0.1:${upstreamPort}`;
  const config = listeningOn(template, listenPort, otherPorts)
    .replace(/^(\s*)proxy_cache_path\s+\S+/gm, `$1proxy_cache_path ${join(dir, 'cache')}`)
    .replace(/^(\s*)access_log\s+[^;]+;/gm, '$1access_log off;')
    .replace(/^(\s*)error_log\s+[^;]+;/gm, `$1error_log ${join(dir, 'error.log')} warn;`)
    .replace(/^(\s*upstream\s+\S+\s*\{)([^}]*)\}/gm, (_block, opening: string, body: string) => {
      let first = true;
      const servers = body.replace(/^([ \t]*)server\s+[^;]+;[^\n]*\n?/gm, (_line, indent: string) => {
        if (!first) return '';
        first = false;
        return `${indent}server ${upstream};\n`;
      });
      return `${opening}${servers}}`;
    });
  if (/^\s*upstream\s+\S+\s*\{/m.test(template)) return config;
  return config.replace(/proxy_pass\s+https?:\/\/[^/;\s]+/g, `proxy_pass http://${upstream}`);
}

/** The directives a non-installed nginx needs to run from a directory of its own. */
function runningDirectives(config: string, dir: string): { main: string; http: string } {
  const main = [
    'daemon off;',
    'master_process on;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    // Run as root, nginx would hand its workers to nobody, who cannot write the cache here.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    ...(/^\s*worker_processes\s/m.test(config) ? [] : ['worker_processes auto;']),
    ...(existsSync(DEBIAN_MODULES) && !/modules-enabled/.test(config) ? [`include ${DEBIAN_MODULES}/*.conf;`] : []),
  ].join('\n');
  const http = TEMPORARY_PATHS.filter((name) => !new RegExp(`^\\s*${name}_temp_path\\s`, 'm').test(config))
    .map((name) => `${name}_temp_path ${join(dir, `${name}-temp`)};`)
    .concat(/^\s*access_log\s/m.test(config) ? [] : ['access_log off;'])
    .join('\n');
  return { main, http };
}

/** Writes the configuration for that placement into its directory and answers its path. */
export function writeNginxConfig(placement: NginxPlacement, template = readFileSync(NGINX_CONFIG, 'utf8')): string {
  mkdirSync(join(placement.dir, 'cache'), { recursive: true });
  const config = readdressed(template, placement);
  const { main, http } = runningDirectives(config, placement.dir);
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
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on that placement and waits until it answers. */
export async function startNginx(placement: NginxPlacement, template?: string): Promise<RunningNginx> {
  const file = writeNginxConfig(placement, template);
  const child = spawn(NGINX, ['-c', file, '-e', join(placement.dir, 'error.log')], { stdio: 'inherit' });
  const baseUrl = `http://127.0.0.1:${placement.listenPort}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGQUIT');
    });
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; configuration ${file}`);
    try {
      await fetch(`${baseUrl}/`, { method: 'HEAD' });
      return { baseUrl, process: child, stop };
    } catch (error) {
      if (attempt >= 50) {
        await stop();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
