/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number>;

/** Where a message's syntax is broken (an editor's typo): the caller shows it as written. */
class MessageSyntaxError extends Error {}

const pluralRulesCache = new Map<string, Intl.PluralRules>();
const numberFormatCache = new Map<string, Intl.NumberFormat>();

/** The language's plural rules; an unknown tag gets English's, never an exception on a page. */
function pluralRules(language: string): Intl.PluralRules {
  let rules = pluralRulesCache.get(language);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(language);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRulesCache.set(language, rules);
  }
  return rules;
}

function numberFormat(language: string): Intl.NumberFormat {
  let format = numberFormatCache.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    numberFormatCache.set(language, format);
  }
  return format;
}

/** The index just past the `}` that closes the `{` at `open`, counting nested braces. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return index + 1;
  }
  throw new MessageSyntaxError(`unclosed "{" at ${open}`);
}

/** `=0 {…} one {…} other {…}` → selector → form text. */
function pluralForms(body: string): Map<string, string> {
  const forms = new Map<string, string>();
  let index = 0;
  while (index < body.length) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(body.slice(index));
    if (!selector) {
      if (body.slice(index).trim() === '') break;
      throw new MessageSyntaxError(`bad plural selector at ${index}`);
    }
    const open = index + selector[0].length - 1;
    const end = closingBrace(body, open);
    forms.set(selector[1]!, body.slice(open + 1, end - 1));
    index = end;
  }
  if (!forms.has('other')) throw new MessageSyntaxError('a plural needs an "other" form');
  return forms;
}

function format(template: string, values: MessageValues, language: string, pound: string | null): string {
  let out = '';
  let index = 0;
  while (index < template.length) {
    const char = template[index]!;
    if (char === '#' && pound !== null) {
      out += pound;
      index++;
      continue;
    }
    if (char !== '{') {
      out += char;
      index++;
      continue;
    }
    const end = closingBrace(template, index);
    const inner = template.slice(index + 1, end - 1);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
    const simple = /^\s*(\w+)\s*$/.exec(inner);
    if (plural) {
      const value = values[plural[1]!];
      const count = typeof value === 'number' ? value : Number(value);
      if (value === undefined || !Number.isFinite(count)) {
        out += template.slice(index, end);
      } else {
        const forms = pluralForms(plural[2]!);
        const form = forms.get(`=${count}`) ?? forms.get(pluralRules(language).select(count)) ?? forms.get('other')!;
        out += format(form, values, language, numberFormat(language).format(count));
      }
    } else if (simple && values[simple[1]!] !== undefined) {
      out += String(values[simple[1]!]);
    } else {
      // An unknown placeholder stays visible, so a missing value shows instead of vanishing.
      out += template.slice(index, end);
    }
    index = end;
  }
  return out;
}

/**
 * Fills a display text's placeholders (docs/content.md 'Placeholders and plurals'): `{name}`
 * takes its value as written; `{name, plural, =0 {…} one {…} other {…}}` — ICU MessageFormat's
 * plural, the subset shop texts need — picks the form for the number by the language's
 * `Intl.PluralRules` (French says "0 article", English "0 items"), and `#` in a form is the
 * number in the language's digits. A message whose syntax is broken gets only its `{name}`
 * placeholders filled, so an editor's typo shows on the page rather than breaking it.
 */
export function formatMessage(template: string, values: MessageValues, language: string): string {
  try {
    return format(template, values, language, null);
  } catch (error) {
    if (!(error instanceof MessageSyntaxError)) throw error;
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      values[name] === undefined ? match : String(values[name]),
    );
  }
}
