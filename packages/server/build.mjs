// `npm run build -w @piste/server` (`node build.mjs [folder]`): bundles the production server and
// the operator commands into plain JavaScript in dist/, which `npm start` and `npm run <command>`
// run with node, no tsx (docs/decisions/030-c-compiled-server.md). The workspace packages (@piste/*, TypeScript
// sources) are bundled in; every other package stays an import that node resolves at run time.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const serverRoot = dirname(fileURLToPath(import.meta.url));
/** dist/, or the folder given (build.test.ts builds into a temporary one). */
const distDir = process.argv[2] ? resolve(process.argv[2]) : join(serverRoot, 'dist');
const cliSources = join(serverRoot, 'src/cli');

/** Modules in src/cli/ that the commands share, not commands themselves. */
const CLI_HELPERS = ['catalogue-commands.ts'];

/** The commands `npm run <command>` starts: every module in src/cli/ but its tests and helpers. */
const commandNames = readdirSync(cliSources)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !CLI_HELPERS.includes(name))
  .map((name) => name.slice(0, -'.ts'.length));

/** `name` or `@scope/name` of a bare import such as `drizzle-orm/pg-core`. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** `name@version` of the installed package `file` belongs to. */
function installedPackageOf(file, name) {
  const marker = `${sep}node_modules${sep}${name.replace('/', sep)}${sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return file;
  const packageJson = join(file.slice(0, at + marker.length), 'package.json');
  return `${name}@${JSON.parse(readFileSync(packageJson, 'utf8')).version}`;
}

const RESOLVING_FROM_BUNDLE = Symbol('resolving from the bundle');

/**
 * Leaves third-party packages external, and fails the build when one would load a different
 * version from the bundle's folder than from the source that imports it (a package's own
 * nested node_modules).
 */
function thirdPartyExternal(outdir) {
  return {
    name: 'third-party-external',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith('@piste/') || args.pluginData === RESOLVING_FROM_BUNDLE) return undefined;
        if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { external: true };
        const options = { kind: args.kind, pluginData: RESOLVING_FROM_BUNDLE };
        const [fromSource, fromBundle] = await Promise.all([
          esbuild.resolve(args.path, { ...options, resolveDir: args.resolveDir }),
          esbuild.resolve(args.path, { ...options, resolveDir: outdir }),
        ]);
        const name = packageNameOf(args.path);
        if (fromSource.errors.length === 0 && fromBundle.errors.length === 0) {
          const sourceVersion = installedPackageOf(fromSource.path, name);
          const bundleVersion = installedPackageOf(fromBundle.path, name);
          if (sourceVersion !== bundleVersion) {
            const text = `${args.importer} imports ${sourceVersion}, but the bundle would load ${bundleVersion}: make the versions agree`;
            return { errors: [{ text }] };
          }
        }
        return { path: args.path, external: true };
      });
    },
  };
}

const URL_BESIDE_SOURCE = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * `new URL('../../data/seed/', import.meta.url)` names a file beside its source module (seed
 * data, migrations, the repository root). In a bundle, import.meta.url is the bundle's, so the
 * relative path is rewritten to lead from `outdir` to the same file. Every other use of
 * import.meta.url (createRequire, "am I the command node ran") keeps meaning the bundle.
 */
function pathsBesideSources(outdir) {
  return {
    name: 'paths-beside-sources',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.tsx?$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const contents = source.replace(URL_BESIDE_SOURCE, (_match, quote, path) => {
          const target = fileURLToPath(new URL(path, pathToFileURL(args.path)));
          let rebased = relative(outdir, target).split(sep).join('/') || '.';
          if (!rebased.startsWith('.')) rebased = `./${rebased}`;
          if (path.endsWith('/') && !rebased.endsWith('/')) rebased += '/';
          return `new URL(${quote}${rebased}${quote}, import.meta.url)`;
        });
        return { contents, loader: extname(args.path).slice(1) };
      });
    },
  };
}

/** One esbuild run whose outputs all sit in `outdir`, so every rebased path is right for each. */
function bundle(entryPoints, outdir) {
  return build({
    entryPoints,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Stack traces name the .ts files (start.mjs and the command scripts enable source maps).
    sourcemap: true,
    sourcesContent: false,
    // Error classes keep their names (logs and `error.name` checks) when two modules share one.
    keepNames: true,
    logLevel: 'warning',
    plugins: [thirdPartyExternal(outdir), pathsBesideSources(outdir)],
  });
}

rmSync(distDir, { recursive: true, force: true });
await bundle(
  commandNames.map((name) => join(cliSources, `${name}.ts`)),
  join(distDir, 'cli'),
);
// Last: scripts/builds.mjs takes dist/main.js's age for the whole build's.
await bundle([join(serverRoot, 'src/main.ts')], distDir);
