/**
 * Text for the index from what content fields hold: sanitized HTML (blog bodies, athlete bios),
 * light Markdown, or a rich text document (Contentstack's JSON RTE: nodes with `children` and
 * `text` leaves). Tags and markup would otherwise be matched, highlighted and shown in snippets.
 */
export function plainText(value: unknown, maxLength = Number.POSITIVE_INFINITY): string {
  const text = typeof value === 'string' ? fromMarkup(value) : richText(value);
  return truncateAtWord(text.replace(/\s+/g, ' ').trim(), maxLength);
}

/** Several fields as one text, blank ones left out. */
export function joinedText(values: readonly unknown[], maxLength = Number.POSITIVE_INFINITY): string {
  const texts = values.map((value) => plainText(value)).filter((text) => text !== '');
  return truncateAtWord(texts.join(' '), maxLength);
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function fromMarkup(source: string): string {
  const withoutHtml = source
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    // Inline tags go without a trace, so "<strong>Helm</strong>," stays "Helm," (not "Helm ,");
    // every other tag becomes a space, so words of adjacent blocks (`</p><p>`) stay apart.
    .replace(INLINE_TAG, '')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
  return decodeEntities(stripMarkdown(withoutHtml));
}

function stripMarkdown(text: string): string {
  return (
    text
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(?:#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
      .replace(/(\*\*|__|\*|`+|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      // A single underscore emphasises only outside words: snake_case stays as it is.
      .replace(/(?<!\w)_(?=\S)([^_]*?\S)_(?!\w)/g, '$1')
  );
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** HTML's phrasing elements that do not separate words (`br`, `img` and blocks do). */
const INLINE_TAG =
  /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|del|dfn|em|i|ins|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)\b[^>]*>/gi;

/** JSON RTE elements that sit inside a line of text, like their HTML namesakes. */
const INLINE_NODE_TYPES = new Set(['a', 'span', 'inlineCode', 'reference']);

/**
 * A rich text document's words: the text leaves of one block joined as written (they carry
 * their own spaces, so "Helm" and ", Schutz" make "Helm, Schutz"), blocks kept apart.
 */
function richText(node: unknown): string {
  if (Array.isArray(node)) return node.map(richText).join(' ');
  if (typeof node !== 'object' || node === null) return '';
  const { text, children } = node as { text?: unknown; children?: unknown };
  if (typeof text === 'string') return text;
  if (!Array.isArray(children)) return '';
  return children.map((child, index) => (index > 0 && !isInline(child) ? ' ' : '') + richText(child)).join('');
}

function isInline(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const { text, type } = node as { text?: unknown; type?: unknown };
  return typeof text === 'string' || (typeof type === 'string' && INLINE_NODE_TYPES.has(type));
}

function truncateAtWord(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > maxLength * 0.8 ? cut.slice(0, lastSpace) : cut}…`;
}
