import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fillTemplate, inlineScriptHashes, pageScriptHashes } from '../src/http/ssr-module';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it("allows the template's inline scripts by the hash of their exact text, and nothing else", () => {
    const script = "\n      document.documentElement.setAttribute('data-x', 'é');\n    ";
    const template = [
      `<head><script>${script}</script>`,
      '<script type="module" crossorigin src="/assets/index.js"></script></head>',
      '<body><script type="application/json" id="app-state">{"a":1}</script></body>',
    ].join('\n');
    expect(inlineScriptHashes(template)).toEqual([sha256(script)]);
  });

  it('gives none for a template without inline scripts', () => {
    expect(inlineScriptHashes('<head><script src="/a.js"></script></head>')).toEqual([]);
  });
});

describe('pageScriptHashes', () => {
  it("adds the renderer's own inline scripts to the template's", () => {
    const template = '<head><script>a()</script></head>';
    const ssr = { pages: [], pageAt: () => null, render: () => Promise.reject(new Error('unused')) };
    const web = { clientDir: '', template, ssr: { ...ssr, inlineScripts: ['b($$x)'] } };
    expect(pageScriptHashes(web)).toEqual([sha256('a()'), sha256('b($$x)')]);
  });
});

describe('fillTemplate', () => {
  it('writes every part as it is, `$$` and `$&` included', () => {
    const template = '<head><!--app-head--></head><div id="root"><!--app-html--></div><!--app-state-->';
    const page = fillTemplate(template, {
      head: '<title>$&</title>',
      html: '<script>c.$$r=1</script>',
      state: '{"$$":1}',
    });
    expect(page).toBe(
      '<head><title>$&</title></head><div id="root"><script>c.$$r=1</script></div>' +
        '<script type="application/json" id="app-state">{"$$":1}</script>',
    );
  });
});
