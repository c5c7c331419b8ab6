// The three builds `npm start` runs from (storefront, back office, server) and when each is
// stale: older than any source it is made of, its workspace packages' sources included.
// `npm start` and the operator commands (scripts/command.mjs) rebuild what is stale first.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Each build: the workspace whose `npm run build` makes it, the file that build writes last
 * (its presence and age stand for the whole build), and its own source files and folders.
 */
export const builds = {
  storefront: {
    name: 'storefront',
    workspace: '@piste/storefront',
    folder: 'apps/storefront',
    output: 'build/server/index.js',
    sources: ['app', 'public', 'vite', 'vite.config.ts', 'react-router.config.ts', 'package.json'],
  },
  admin: {
    name: 'back office',
    workspace: '@piste/admin-app',
    folder: 'apps/admin',
    output: 'build/client/index.html',
    sources: ['app', 'vite.config.ts', 'react-router.config.ts', 'package.json'],
  },
  server: {
    name: 'server',
    workspace: '@piste/server',
    folder: 'packages/server',
    output: 'dist/main.js',
    sources: ['src', 'build.mjs', 'package.json'],
  },
};

/** Tests sit beside the sources but are no part of any build. */
const TEST_FILE = /\.test\.tsx?$/;

/** The newest modification time under `path` (a file or a folder, walked whole), tests left out. */
function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path)
    .filter((entry) => !TEST_FILE.test(entry))
    .reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stats.mtimeMs);
}

/** Folder of each workspace package by name (`@piste/core` → `packages/core`). */
function workspaceFolders() {
  const folders = new Map();
  for (const parent of ['packages', 'apps']) {
    for (const entry of readdirSync(join(root, parent))) {
      const manifest = join(root, parent, entry, 'package.json');
      if (existsSync(manifest)) folders.set(JSON.parse(readFileSync(manifest, 'utf8')).name, `${parent}/${entry}`);
    }
  }
  return folders;
}

/** Every source path a build is made of: its own, `src` of each workspace package it depends on, and the lockfile. */
function sourcesOf(build) {
  const folders = workspaceFolders();
  // A `git pull` that changes the lockfile changes third-party code the browser bundles carry.
  const paths = ['package-lock.json', ...build.sources.map((source) => `${build.folder}/${source}`)];
  const seen = new Set();
  const visit = (folder) => {
    const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      const dependencyFolder = folders.get(dependency);
      if (!dependencyFolder || seen.has(dependencyFolder)) continue;
      seen.add(dependencyFolder);
      paths.push(`${dependencyFolder}/src`, `${dependencyFolder}/package.json`);
      visit(dependencyFolder);
    }
  };
  visit(build.folder);
  return paths.filter((path) => existsSync(join(root, path)));
}

/** Why `build` must be built now, or undefined when its output is newer than its sources. */
export function staleness(build) {
  const output = join(root, build.folder, build.output);
  if (!existsSync(output)) return `No ${build.name} build found: building it…`;
  const changedAt = Math.max(...sourcesOf(build).map((source) => newestChange(join(root, source))));
  if (changedAt > statSync(output).mtimeMs) return `The ${build.name} changed since its last build: building it again…`;
  return undefined;
}

/** How long a build may hold the lock before another start takes it over (it crashed). */
const BUILD_LOCK_MS = 5 * 60_000;

/**
 * Builds `build`'s workspace, one process at a time: e2e starts two shops from one checkout at
 * once, and two builds writing one folder would leave a broken build. A process that finds the
 * lock waits for the other's build and uses it.
 */
function runBuild(build, reason) {
  const lock = join(root, 'node_modules', `.build-lock-${build.workspace.replace(/\W/g, '-')}`);
  const waitUntil = Date.now() + BUILD_LOCK_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() > waitUntil) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      if (!existsSync(lock)) return;
    }
  }
  // On stderr, like the build's own output: a command's standard output stays its own (an export).
  console.error(reason);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: ['ignore', 2, 2] });
  rmSync(lock, { recursive: true, force: true });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Rebuilds each of `names` (keys of `builds`) that is missing or older than its sources, saying so. */
export function buildIfStale(names) {
  for (const name of names) {
    const build = builds[name];
    const reason = staleness(build);
    if (reason) runBuild(build, reason);
  }
}
