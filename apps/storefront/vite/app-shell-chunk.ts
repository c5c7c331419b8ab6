import type { Rollup } from 'vite';

const FRAMEWORK = /\/node_modules\/(react|react-dom|react-router|scheduler)\//;

/**
 * Every page loads the root route and everything it imports statically: the header, footer,
 * image, links, consent and the small helpers under them. Left alone, Rollup cuts that shell into
 * some thirty chunks of 1–3 KB, each a request a phone waits on before the page is interactive;
 * here it is one chunk. React and React Router keep their own chunks, and modules reached only
 * from other routes or dynamic imports are untouched, so no page loads code it does not use.
 */
export const appShellChunk: Rollup.GetManualChunk = (id, meta) =>
  shellModules(meta).has(id) ? 'app-shell' : undefined;

/** The shell of one build (keyed by that build's module graph). */
const shells = new WeakMap<Rollup.ManualChunkMeta['getModuleInfo'], Set<string>>();

function shellModules({ getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): Set<string> {
  const known = shells.get(getModuleInfo);
  if (known) return known;
  const root = [...getModuleIds()].find((id) => id.endsWith('/app/root.tsx'));
  const shell = new Set<string>();
  shells.set(getModuleInfo, shell);
  const pending = root ? [root] : [];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (shell.has(id) || FRAMEWORK.test(id)) continue;
    shell.add(id);
    pending.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return shell;
}
