import { describe, it, expect } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text.server';

describe('sanitizeRichText: editorial markup is kept', () => {
  it.each<[string, string]>([
    ['paragraphs and breaks', '<p>One<br />two</p>'],
    ['headings h2–h4', '<h2>A</h2><h3>B</h3><h4>C</h4>'],
    ['inline emphasis', '<p><strong>s</strong><em>e</em><b>b</b><i>i</i><u>u</u><s>x</s></p>'],
    ['lists', '<ul><li>a</li></ul><ol><li>b</li></ol>'],
    ['quotes', '<blockquote><p>Ride on</p></blockquote>'],
    [
      'figures with images',
      '<figure><img src="https://media.example/i/piste/a.jpg" alt="Lift" width="640" height="480" /><figcaption>Lift</figcaption></figure>',
    ],
    ['empty alt', '<img src="/media/a.jpg" alt="" />'],
    [
      'tables',
      '<table><caption>Sizes</caption><thead><tr><th scope="col">Size</th></tr></thead><tbody><tr><td colspan="2" rowspan="1">M</td></tr></tbody><tfoot><tr><td>x</td></tr></tfoot></table>',
    ],
    ['classes on span and div', '<div class="lead"><span class="highlight">Hi</span></div>'],
    ['links with a title', '<a href="https://example.com/a?b=1&amp;c=2" title="Example">x</a>'],
    ['relative links', '<a href="/de-de/stores">Stores</a><a href="#faq">FAQ</a><a href="stores">S</a>'],
    ['mailto and tel links', '<a href="mailto:team@piste.example">Mail</a><a href="tel:+15551234567">Call</a>'],
    ['text with entities', '<p>Fish &amp; chips &lt;3</p>'],
  ])('%s', (_case, html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeRichText('')).toBe('');
  });
});

describe('sanitizeRichText: everything else is stripped', () => {
  it.each<[string, string, string]>([
    ['script with its content', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['style with its content', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf" />', ''],
    ['h1 (the page has its own), keeping its text', '<h1>Title</h1>', 'Title'],
    ['forms and inputs', '<form action="/x"><input name="q" /><button>Go</button></form>', 'Go'],
    ['style attributes', '<p style="color:red">a</p>', '<p>a</p>'],
    ['class outside span and div', '<p class="x">a</p>', '<p>a</p>'],
    ['ids', '<div id="root">a</div>', '<div>a</div>'],
    ['on* handlers', '<p onclick="alert(1)" onmouseover="alert(2)">a</p>', '<p>a</p>'],
    ['img onerror', '<img src=x onerror=alert(1)>', '<img src="x" />'],
    ['other img attributes', '<img src="/a.jpg" srcset="/b.jpg 2x" loading="lazy" />', '<img src="/a.jpg" />'],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });
});

describe('sanitizeRichText: XSS vectors', () => {
  it.each<[string, string]>([
    ['javascript: href', '<a href="javascript:alert(1)">x</a>'],
    ['entity-encoded tab in the scheme', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['entity-encoded newline in the scheme', '<a href="jav&#10;ascript:alert(1)">x</a>'],
    [
      'fully entity-encoded scheme',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    ],
    ['leading space and upper case', '<a href=" JAVASCRIPT:alert(1)">x</a>'],
    ['leading control character', '<a href="&#1;javascript:alert(1)">x</a>'],
    ['data: href', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ['vbscript: href', '<a href="vbscript:msgbox(1)">x</a>'],
    ['unquoted javascript: href', '<a href=javascript:alert(1)>x</a>'],
    ['comment inside the scheme', '<a href="java<!-- -->script:alert(1)">x</a>'],
  ])('drops the href: %s', (_case, html) => {
    expect(sanitizeRichText(html)).toBe('<a>x</a>');
  });

  it.each<[string, string, string]>([
    ['svg with a script', '<svg><script>alert(1)</script></svg>', ''],
    ['svg onload', '<svg onload="alert(1)"></svg>', ''],
    ['img with a javascript src', '<img src="javascript:alert(1)">', '<img />'],
    ['img with a data src', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
    ['math with a link', '<math><a href="javascript:alert(1)">x</a></math>', '<a>x</a>'],
    ['body onload', '<body onload="alert(1)">a</body>', 'a'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['base href', '<base href="https://evil.example/">', ''],
    ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">', ''],
    ['noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', '<p></p>'],
    ['attribute breakout', '<p title="a" onmouseover="alert(1)">a</p>', '<p>a</p>'],
    ['uppercase tags and handlers', '<IMG SRC="x" ONERROR="alert(1)">', '<img src="x" />'],
    ['escaped script stays text', '&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('%s', (_case, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  it('never lets a script tag or event handler through in any output above', () => {
    const vectors = [
      '<scr<script>ipt>alert(1)</script>',
      '<<script>script>alert(1)<</script>/script>',
      '<a href="x" onfocus="alert(1)" autofocus>x</a>',
      '<div><style><img src=x onerror=alert(1)></style></div>',
      '<textarea><img src=x onerror=alert(1)></textarea>',
      '<table><td background="javascript:alert(1)">x</td></table>',
    ];
    for (const html of vectors) {
      const output = sanitizeRichText(html);
      expect(output).not.toMatch(/<script|<img[^>]*onerror|\son\w+=|javascript:/i);
    }
  });
});

describe('sanitizeRichText: links opening a new tab', () => {
  it('adds rel="noopener noreferrer" to target=_blank', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('normalises the case and spacing of _blank', () => {
    expect(sanitizeRichText('<a href="https://example.com" target=" _BLANK ">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("replaces the author's rel", () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops rel and targets other than _blank', () => {
    expect(sanitizeRichText('<a href="/stores" target="_top" rel="nofollow">x</a>')).toBe('<a href="/stores">x</a>');
  });
});
