import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';
import { SAFE_URL_SCHEMES } from './rules/safe-url';

/**
 * Marks up to keep: editorial text, lists, quotes, figures, images and simple tables. No h1 (the
 * page has its own), no scripts, styles, frames, objects, forms or SVG.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'figure',
  'figcaption',
  'img',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'span',
  'div',
];

/** Only these attributes survive: no on* handlers, no style, no ids that could clobber globals. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  span: ['class'],
  div: ['class'],
};

/**
 * A link opening a new tab gets `rel="noopener noreferrer"` so the opened page cannot reach back
 * through window.opener; an author's own rel is dropped, and so is any target but _blank.
 */
function linkAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const { target, rel: _rel, ...rest } = attribs;
  const newTab = target?.trim().toLowerCase() === '_blank';
  return { tagName, attribs: newTab ? { ...rest, target: '_blank', rel: 'noopener noreferrer' } : rest };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  // sanitize-html decodes entities and drops whitespace and control characters before it reads
  // the scheme, so `jav&#x09;ascript:` and ` JAVASCRIPT:` are refused like `javascript:`.
  allowedSchemes: [...SAFE_URL_SCHEMES],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  transformTags: { a: linkAttributes },
};

/**
 * Pages show the same editorial HTML over and over (alerts and menus on every page, a product's
 * description on each view), and parsing it is a good part of a render: the sanitized copy of
 * each recent input is kept, bounded by size.
 */
const sanitized = new LRUCache<string, string>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (clean, html) => html.length + clean.length + 1,
});

/**
 * docs/content.md: rich-text fields "hold HTML and are sanitized on the server before anything
 * renders them". Keeps the editorial subset above; a refused URL loses its attribute (the link
 * text stays), script and style elements go with their content.
 */
export function sanitizeRichText(html: string): string {
  if (html === '') return '';
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html, OPTIONS);
    sanitized.set(html, clean);
  }
  return clean;
}
