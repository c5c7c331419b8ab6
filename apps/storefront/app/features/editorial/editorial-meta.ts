import { translateWith, type Translate } from '../../lib/display-text';
import type { DisplayTextDictionary } from '../../lib/display-text.server';

/**
 * Display texts for a meta function, which cannot use hooks: the root loader's dictionary, found
 * among the matches. English titles when the root data is missing.
 */
export function metaDisplayText(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): Translate {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { displayText?: DisplayTextDictionary; displayTextLanguage?: string } | undefined;
  return translateWith(root?.displayText ?? {}, root?.displayTextLanguage);
}
