import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/http/ssr-module';

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
