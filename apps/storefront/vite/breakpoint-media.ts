import postcss, { type AcceptedPlugin, type Plugin } from 'postcss';
import postcssCustomMedia from 'postcss-custom-media';
// Relative: Vite bundles only relative imports of its config. The module imports nothing itself.
import { customMediaDefinitions } from '../app/lib/breakpoints';

/**
 * The spec §9 breakpoints for every stylesheet: their custom media (`@media (--md-up)`) come from
 * MEDIA_QUERIES in `app/lib/breakpoints.ts`, the module the scripts read too, and are compiled
 * to plain media queries at build time (docs/decisions/018-g-one-source-of-breakpoints.md).
 */
export function breakpointMedia(): AcceptedPlugin[] {
  const definitions = postcss.parse(customMediaDefinitions());
  const prependBreakpoints: Plugin = {
    postcssPlugin: 'piste-breakpoint-media',
    Once(root) {
      root.prepend(definitions.clone().nodes);
    },
  };
  // postcss-custom-media then replaces each use and drops the definitions.
  return [prependBreakpoints, postcssCustomMedia()];
}
