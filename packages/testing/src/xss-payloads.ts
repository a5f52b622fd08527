/**
 * Markdown an attacker (or a pasted snippet) might put in the owner's texts, for every test that
 * renders them: the Markdown package's, the API's and the browser's. Each must come out with nothing that
 * runs: see `findUnsafeMarkup`.
 */
export const XSS_PAYLOADS: readonly string[] = Object.freeze([
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD4=)',
  '[x](vbscript:msgbox(1))',
  '<svg onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](http://example.com/tracker.png)',
  '[x][1]\n\n[1]: javascript:alert(1)',
  '[x][1]\n\n[1]: <javascript:alert(1)> "title"',
  '<javascript:alert(1)>',
  '<iframe src="https://example.com"></iframe>',
  'text <iframe src="https://example.com"></iframe> inline',
  '<style>body { display: none }</style>',
  '<p style="color: red">styled</p>',
  'a <span style="position:fixed">b</span> c',
  '<div id="__proto__" class="admin" name="x">clobber</div>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '`<script>alert(1)</script>`',
  '```html\n<script>alert(1)</script>\n```',
  '<details open ontoggle=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<!-- <script>alert(1)</script> -->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
]);

/** Elements that run, load or restyle something, none of which Markdown needs. */
const FORBIDDEN_ELEMENTS = /<(script|style|iframe|frame|object|embed|svg|math|form|base|meta|link|button)\b/i;

/** An address a link may have: web, mail, or on this site. */
const SAFE_HREF = /^(https?:\/\/|mailto:|#|\/|[^:]*$)/i;

/**
 * What is unsafe in sanitized HTML (as rehype-stringify writes it: every `<` of text escaped, every
 * attribute value in double quotes), described; empty when nothing is.
 */
export function findUnsafeMarkup(html: string): string[] {
  const findings: string[] = [];
  const forbidden = FORBIDDEN_ELEMENTS.exec(html);
  if (forbidden) findings.push(`element <${forbidden[1]}>`);
  for (const [tag, attributes = ''] of html.matchAll(/<[a-z][a-z0-9]*([^>]*)>/gi)) {
    for (const [, name = '', value = ''] of attributes.matchAll(/\s([^\s"'=<>/]+)(?:="([^"]*)")?/g)) {
      const key = name.toLowerCase();
      const unsafe =
        /^on/.test(key) ||
        key === 'style' ||
        // An id or name of the page's own could be shadowed (DOM clobbering): the owner's carry a prefix.
        ((key === 'id' || key === 'name') && !value.startsWith('user-content-')) ||
        (key === 'href' && !SAFE_HREF.test(value.trim())) ||
        (key === 'src' && !/^https:\/\//.test(value)) ||
        ['action', 'formaction', 'data', 'xlink:href', 'srcset', 'srcdoc'].includes(key);
      if (unsafe) findings.push(`${name}="${value}" in ${tag}`);
    }
  }
  return findings;
}
