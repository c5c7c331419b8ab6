import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'piste-server-build-'));

type Manifest = { name: string; dependencies?: Record<string, string> };
const manifestOf = (folder: string) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;

/** The packages a production install gives the server: its and its workspace packages' `dependencies`. */
function productionDependencies(): Set<string> {
  const workspaces = new Map<string, string>();
  for (const entry of readdirSync(join(repositoryRoot, 'packages'))) {
    const folder = join(repositoryRoot, 'packages', entry);
    if (existsSync(join(folder, 'package.json'))) workspaces.set(manifestOf(folder).name, folder);
  }
  const found = new Set<string>();
  const visit = (folder: string) => {
    for (const name of Object.keys(manifestOf(folder).dependencies ?? {})) {
      if (found.has(name)) continue;
      found.add(name);
      const workspace = workspaces.get(name);
      if (workspace) visit(workspace);
    }
  };
  visit(serverRoot);
  return found;
}

/** The packages a bundle imports (`drizzle-orm/pg-core` counts as `drizzle-orm`), Node's own left out. */
function importedPackages(bundle: string): Set<string> {
  const specifiers = [...bundle.matchAll(/(?:^import (?:.*? from )?|\bimport\()["']([^"'./][^"']*)["']/gm)].map(
    (match) => match[1]!,
  );
  return new Set(
    specifiers
      .filter((specifier) => !specifier.startsWith('node:'))
      .map((specifier) =>
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      ),
  );
}

const bundles = () => [
  join(outDir, 'main.js'),
  ...readdirSync(join(outDir, 'cli'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(outDir, 'cli', name)),
];

// One esbuild run of the server and its commands, into a temporary folder: a few seconds.
describe('the compiled server (build.mjs)', { timeout: 60_000 }, () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(serverRoot, 'build.mjs'), outDir], { stdio: 'pipe' });
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('writes the server and one script per operator command, each with its source map', () => {
    const commands = readdirSync(join(outDir, 'cli')).filter((name) => name.endsWith('.js'));
    expect(commands).toEqual(expect.arrayContaining(['staff-create.js', 'db-reset.js', 'catalogue-import.js']));
    expect(commands).not.toContain('catalogue-commands.js');
    for (const bundle of bundles()) expect(existsSync(`${bundle}.map`)).toBe(true);
  });

  it('bundles the workspace packages and imports only production dependencies, none of tsx, pino-pretty or middie', () => {
    const allowed = productionDependencies();
    for (const bundle of bundles()) {
      const imported = importedPackages(readFileSync(bundle, 'utf8'));
      expect(imported.size).toBeGreaterThan(0);
      for (const name of imported) {
        expect(name, `${bundle} imports ${name}`).not.toMatch(/^@piste\//);
        expect(allowed.has(name), `${bundle} imports ${name}, which is not a production dependency`).toBe(true);
      }
      for (const devOnly of ['tsx', 'pino-pretty', '@fastify/middie', 'vite'])
        expect(imported.has(devOnly)).toBe(false);
    }
  });

  it('leads each path beside a source (migrations, seed data, the repository root) to the same file from the bundle', () => {
    const main = readFileSync(join(outDir, 'main.js'), 'utf8');
    const paths = [...main.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) =>
      fileURLToPath(new URL(match[1]!, `file://${outDir}/main.js`)),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        join(repositoryRoot, 'packages/db/migrations'),
        join(repositoryRoot, 'data/seed/'),
        join(repositoryRoot, 'data/seed/content/'),
        repositoryRoot,
      ]),
    );
    for (const path of paths) expect(existsSync(path), path).toBe(true);
  });
});
