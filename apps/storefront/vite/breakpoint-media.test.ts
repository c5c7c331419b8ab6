import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_QUERIES } from '../app/lib/breakpoints';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { breakpointMedia } from './breakpoint-media';

const APP = fileURLToPath(new URL('../app', import.meta.url));

function filesUnder(folder: string, extensions: RegExp): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && extensions.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each `@media` prelude of a stylesheet, with the file and line it is on. */
function mediaQueries(file: string): { where: string; query: string }[] {
  const root = postcss.parse(readFileSync(file, 'utf8'), { from: file });
  const queries: { where: string; query: string }[] = [];
  root.walkAtRules('media', (rule) => {
    queries.push({ where: `${relative(APP, file)}:${rule.source?.start?.line}`, query: rule.params });
  });
  return queries;
}

/** A width, height or aspect written as a number in a media query: `(max-width: 767px)`, `(width < 50em)`. */
const HARD_CODED_SIZE =
  /\b(?:min-|max-)?(?:device-)?(?:width|height)\b\s*(?::|[<>]=?)|[<>]=?\s*(?:device-)?(?:width|height)\b/;

describe('breakpoints come from one place (spec §9, decisions/018-g)', () => {
  const stylesheets = filesUnder(APP, /\.css$/);

  it('finds the stylesheets', () => {
    expect(stylesheets.length).toBeGreaterThan(20);
  });

  it('no stylesheet writes a width of its own in a media query: it names a spec breakpoint', () => {
    const hardCoded = stylesheets.flatMap(mediaQueries).filter(({ query }) => HARD_CODED_SIZE.test(query));
    expect(hardCoded.map(({ where, query }) => `${where} @media ${query}`)).toEqual([]);
  });

  it('every custom media a stylesheet names is one of MEDIA_QUERIES', () => {
    const unknown = stylesheets
      .flatMap(mediaQueries)
      .flatMap(({ where, query }) =>
        [...query.matchAll(/\(--([a-z0-9-]+)\)/g)].map((match) => ({ where, name: match[1]! })),
      )
      .filter(({ name }) => !(name in MEDIA_QUERIES));
    expect(unknown).toEqual([]);
  });

  it('no script hands matchMedia a width of its own', () => {
    const scripts = filesUnder(APP, /\.tsx?$/).filter((file) => !/\.test\.tsx?$/.test(file));
    const hardCoded = scripts.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/matchMedia\(\s*(['"`])([^'"`]*)\1/g)]
        .filter((match) => HARD_CODED_SIZE.test(match[2]!))
        .map((match) => `${relative(APP, file)}: matchMedia(${match[2]})`),
    );
    expect(hardCoded).toEqual([]);
  });

  it('the build turns the custom media into the spec’s widths', async () => {
    const css = '@media (--md-up) { a { color: red } } @media (--lg-up) and (--below-xl) { b { color: blue } }';
    const { css: built } = await postcss(breakpointMedia()).process(css, { from: 'x.module.css' });
    expect(built).toContain('@media (min-width: 900px)');
    expect(built).toContain('@media (min-width: 1024px) and (max-width: 1199.98px)');
    expect(built).not.toContain('@custom-media');
  });
});
