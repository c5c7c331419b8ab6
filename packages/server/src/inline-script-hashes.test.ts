import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('lists each inline script a browser runs, classic or module, once and in order', () => {
    const html =
      '<html><head><script>document.documentElement.classList.add("js")</script></head><body>' +
      '<script type="module" async="">import "/assets/entry.js";</script>' +
      '<script>document.documentElement.classList.add("js")</script>' +
      '<SCRIPT type="text/javascript">window.x = 1</SCRIPT ></body></html>';
    expect(inlineScriptHashes(html)).toEqual([
      sha256('document.documentElement.classList.add("js")'),
      sha256('import "/assets/entry.js";'),
      sha256('window.x = 1'),
    ]);
  });

  it('leaves out scripts loaded from a file, data blocks and empty scripts, which need no hash', () => {
    const html =
      '<script src="/assets/app.js"></script><script async src="/assets/a.js">ignored</script>' +
      '<script type="application/ld+json">{"@type":"Product"}</script><script></script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  it('hashes line breaks as the browser reads them: CR LF and CR are LF', () => {
    expect(inlineScriptHashes('<script>a();\r\nb();\rc();</script>')).toEqual([sha256('a();\nb();\nc();')]);
  });

  it('hashes the text as written, with no entity decoded: a script is raw text to the parser', () => {
    expect(inlineScriptHashes('<script>if (a &amp;&amp; b) go("\\u003c/script>")</script>')).toEqual([
      sha256('if (a &amp;&amp; b) go("\\u003c/script>")'),
    ]);
  });
});
