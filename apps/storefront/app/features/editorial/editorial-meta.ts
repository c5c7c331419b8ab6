import { translateFrom, type DisplayTextSource, type Translate } from '../../lib/display-text';

/**
 * Display texts for a meta function, which cannot use hooks: the dictionary the root data names,
 * found among the matches. English titles when the root data is missing.
 */
export function metaDisplayText(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): Translate {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { displayTexts?: DisplayTextSource } | undefined;
  return translateFrom(root?.displayTexts);
}
