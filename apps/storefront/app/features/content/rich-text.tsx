import styles from './rich-text.module.css';

interface RichTextProps {
  /** HTML the server already passed through sanitizeRichText. */
  html: string;
  className?: string;
  id?: string;
  /** The copy's language when it is not the page's (an en-us fallback on a Swedish page), so it is hyphenated as written. */
  lang?: string;
}

/** Editorial rich text (banner copy, page modules) in the shop's type scale. */
export function RichText({ html, className, id, lang }: RichTextProps) {
  return (
    <div
      id={id}
      lang={lang}
      className={[styles.richText, className].filter(Boolean).join(' ')}
      // Safe: every rich-text field is sanitized on the server by sanitizeRichText
      // (@piste/content/server) before it reaches a view: an allow-list of editorial tags, no
      // scripts, styles or event handlers, and only http(s)/mailto/tel URLs (docs/content.md).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
