import { describe, expect, it } from 'vitest';
import { joinedText, plainText } from './plain-text';

describe('plainText', () => {
  it('keeps the words of HTML and drops its tags, scripts and entities', () => {
    expect(plainText('<h2>Fit</h2><p>Snug, <strong>not</strong> tight&nbsp;&amp; level.</p><script>x()</script>')).toBe(
      'Fit Snug, not tight & level.',
    );
    expect(plainText('<p>5 &lt; 7 &#8211; &#x2713; &unknown;</p>')).toBe('5 < 7 – ✓ &unknown;');
  });

  it('keeps punctuation against the word an inline tag closes: no "Helm , Schutz" in snippets', () => {
    expect(
      plainText('<p>Ein <strong>Helm</strong>, Schutz und <a href="/stores">Händler</a>: <em>hier</em>.</p>'),
    ).toBe('Ein Helm, Schutz und Händler: hier.');
    expect(plainText('<p>Strata</p><p>Helm</p><ul><li>Eins</li><li>Zwei</li></ul>Drei<br>Vier')).toBe(
      'Strata Helm Eins Zwei Drei Vier',
    );
  });

  it('drops Markdown marks but keeps link text', () => {
    expect(plainText('## Care\n- **Dry** the [lens](/care) _gently_ snake_case\n1. `Store` it')).toBe(
      'Care Dry the lens gently snake_case Store it',
    );
  });

  it('reads the text leaves of a rich text document', () => {
    const document = {
      type: 'doc',
      children: [
        { type: 'p', children: [{ text: 'Magnetic ' }, { text: 'Helm', bold: true }, { text: ', lens' }] },
        { type: 'p', children: [{ text: 'swap.' }] },
      ],
    };
    // Leaves of one block carry their own spaces; blocks are apart.
    expect(plainText(document)).toBe('Magnetic Helm, lens swap.');
  });

  it('cuts long text at a word, within the limit', () => {
    const text = plainText('word '.repeat(100), 42);
    expect(text.length).toBeLessThanOrEqual(42);
    expect(text).toMatch(/^(word )+word…$/);
  });

  it('joins fields, leaving blank and missing ones out', () => {
    expect(joinedText(['Tromsø', undefined, '', '<p>Splitboards.</p>'])).toBe('Tromsø Splitboards.');
  });
});
