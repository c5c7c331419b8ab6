/** The sitemap protocol's XML (sitemaps.org 0.9) with hreflang alternates (Google's xhtml:link). */

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text and attribute values as XML; characters XML 1.0 cannot hold at all are dropped. */
export function xmlEscape(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!)
  );
}

export interface SitemapIndexEntry {
  loc: string;
  lastmod?: string;
}

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  alternates: Alternate[];
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function lastmodTag(lastmod: string | undefined): string {
  return lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : '';
}

export function sitemapIndexXml(entries: readonly SitemapIndexEntry[]): string {
  const body = entries
    .map((entry) => `  <sitemap><loc>${xmlEscape(entry.loc)}</loc>${lastmodTag(entry.lastmod)}</sitemap>\n`)
    .join('');
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`;
}

export function urlSetXml(urls: readonly SitemapUrl[]): string {
  const body = urls
    .map((url) => {
      const links = url.alternates
        .map(
          (alternate) =>
            `\n    <xhtml:link rel="alternate" hreflang="${xmlEscape(alternate.hreflang)}" href="${xmlEscape(alternate.href)}"/>`,
        )
        .join('');
      return `  <url><loc>${xmlEscape(url.loc)}</loc>${lastmodTag(url.lastmod)}${links}\n  </url>\n`;
    })
    .join('');
  return (
    `${HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${body}</urlset>\n`
  );
}
