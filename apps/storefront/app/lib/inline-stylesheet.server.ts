import { readFileSync } from 'node:fs';

/** The build's stylesheets by href, read once per process (null: not on disk, as under `vite dev`). */
const stylesheets = new Map<string, string | null>();

/**
 * The text of one of the build's stylesheets (`/assets/style-….css`), for the page to carry it
 * inline: the first paint then waits for no request (docs/decisions/029-d-critical-css.md).
 */
export function builtStylesheetText(href: string): string | null {
  if (!stylesheets.has(href)) stylesheets.set(href, readBuiltStylesheet(href));
  return stylesheets.get(href)!;
}

/** The client build is `build/client/`; this module runs from `build/server/` or a chunk in `build/server/assets/`. */
const CLIENT_BUILD_CANDIDATES = ['../client', '../../client'];

function readBuiltStylesheet(href: string): string | null {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  for (const clientBuild of CLIENT_BUILD_CANDIDATES) {
    try {
      return readFileSync(new URL(`${clientBuild}${href}`, import.meta.url), 'utf8');
    } catch {
      // Not in this folder: the next candidate, or linked as a file (`vite dev`).
    }
  }
  return null;
}
