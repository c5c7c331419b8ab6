import { readFileSync } from 'node:fs';

/** The build's stylesheets by href, read once per process (null: not on disk, as under `vite dev`). */
const stylesheets = new Map<string, string | null>();

/**
 * The text of one of the build's stylesheets (`/assets/style-….css`), for the page to carry it
 * inline: the first paint then waits for no request (docs/decisions/029-d-critical-css.md).
 * The server build sits in `build/server/`, the files it names in `build/client/`.
 */
export function builtStylesheetText(href: string): string | null {
  if (!stylesheets.has(href)) stylesheets.set(href, readBuiltStylesheet(href));
  return stylesheets.get(href)!;
}

function readBuiltStylesheet(href: string): string | null {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  try {
    return readFileSync(new URL(`../client${href}`, import.meta.url), 'utf8');
  } catch {
    return null;
  }
}
