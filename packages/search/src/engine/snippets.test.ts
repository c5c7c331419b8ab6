import { describe, expect, it } from 'vitest';
import { escapeHtml, snippetOf, truncate } from './snippets';
import { analyzerFor } from './text-analysis';

const analyzer = analyzerFor('en-us');
const terms = (...stems: string[]) => new Set(stems);
/** The snippet's text as a shopper reads it. */
const plain = (html: string | null) =>
  (html ?? '')
    .replace(/<\/?em>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('snippetOf', () => {
  const long =
    'Triple-layer face foam and a permanent anti-fog coating keep the view clear. Eight rare-earth magnets hold the lens securely yet release it with one pull, and a bonus low-light lens comes in the box.';

  it('wraps every matched word and escapes the rest', () => {
    expect(snippetOf('Lens <b>&</b> lenses', analyzer, terms('len', 'lens'))).toBe(
      '<em>Lens</em> &lt;b&gt;&amp;&lt;/b&gt; <em>lenses</em>',
    );
  });

  it('keeps to the size, around the first match, on word boundaries', () => {
    const snippet = snippetOf(long, analyzer, terms('magnet'), { size: 40 });
    expect(plain(snippet).length).toBeLessThanOrEqual(40);
    expect(snippet).toContain('<em>magnets</em>');
    expect(long).toContain(plain(snippet));
    expect(plain(snippet)).toMatch(/^\w/);
    expect(plain(snippet)).toMatch(/\w$/);
  });

  it('uses the room before the match near the end of the text', () => {
    const snippet = snippetOf(long, analyzer, terms('box'), { size: 30 });
    expect(plain(snippet)).toBe('light lens comes in the box.');
  });

  it('gives null without a match, or the escaped start with fallback', () => {
    expect(snippetOf(long, analyzer, terms('helmet'))).toBeNull();
    expect(snippetOf('Fit <large> & "wide" faces', analyzer, terms(), { size: 20, fallback: true })).toBe(
      'Fit &lt;large&gt; &amp; &quot;wide',
    );
  });

  it('highlights matched character pairs in CJK text', () => {
    expect(snippetOf('スキーゴーグル', analyzerFor('ja'), terms('ゴー', 'ーグ', 'グル'))).toBe(
      'スキー<em>ゴーグル</em>',
    );
  });
});

describe('truncate', () => {
  it('cuts to size without splitting a character', () => {
    expect(truncate('goggles', 3)).toBe('gog');
    expect(truncate('🎿🎿', 3)).toBe('🎿');
    expect(truncate('short', 10)).toBe('short');
  });
});
