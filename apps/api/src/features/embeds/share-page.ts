import { escapeMarkup, MASTODON_SHARE_PATH, mastodonHost, SHARE_TEXT_MAX } from '@journey/contracts';
import type { FastifyInstance } from 'fastify';
import { API_SECURITY_HEADERS } from '../../http/send-cached';

/**
 * `GET /share/mastodon?text=&url=`: Mastodon has no one share URL, each instance has its own, so the
 * reader types theirs in a plain form (method GET: nothing is stored, no cookie, no script) and the
 * server checks it is a host name before redirecting to `https://<instance>/share?text=`
 * (docs/decisions/092-embeds-and-shields.md).
 */
const SHARE_HEADERS = {
  ...API_SECURITY_HEADERS,
  // The form submits here, and Chromium checks the redirect that follows against form-action too.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self' https:; frame-ancestors 'none'",
  'cache-control': 'no-store',
};

const CSS = [
  'html{color-scheme:light dark}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:Canvas;color:CanvasText}',
  'main{max-width:32rem;margin:0 auto;padding:2rem 1rem}',
  'label{display:block;font-weight:600;margin:1rem 0 .25rem}',
  'input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #868e96;border-radius:4px}',
  'button{margin-top:1rem;font:inherit;padding:.5rem 1rem;border:0;border-radius:4px;background:#5f3dc4;color:#fff;cursor:pointer}',
  '.error{color:#c92a2a;margin:.25rem 0 0}',
  '@media (prefers-color-scheme:dark){.error{color:#ffa8a8}}',
  'blockquote{margin:1rem 0;padding:.5rem 1rem;border-left:4px solid #868e96;overflow-wrap:anywhere}',
].join('');

interface ShareForm {
  text: string;
  url: string;
  instance: string;
  error: string | null;
}

function sharePage(form: ShareForm): string {
  const input = form.error
    ? `<input id="instance" name="instance" value="${escapeMarkup(form.instance)}" placeholder="mastodon.social" autocomplete="url" required aria-invalid="true" aria-describedby="instance-error"><p id="instance-error" class="error">${escapeMarkup(form.error)}</p>`
    : `<input id="instance" name="instance" value="${escapeMarkup(form.instance)}" placeholder="mastodon.social" autocomplete="url" required>`;
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">',
    `<meta name="referrer" content="no-referrer"><title>Share on Mastodon</title><style>${CSS}</style></head>`,
    '<body><main><h1>Share on Mastodon</h1>',
    `<blockquote>${escapeMarkup(`${form.text} ${form.url}`.trim())}</blockquote>`,
    `<form method="get" action="${MASTODON_SHARE_PATH}">`,
    `<input type="hidden" name="text" value="${escapeMarkup(form.text)}">`,
    `<input type="hidden" name="url" value="${escapeMarkup(form.url)}">`,
    '<label for="instance">Your Mastodon instance</label>',
    input,
    '<button type="submit">Continue to Mastodon</button></form></main></body></html>',
    '',
  ].join('');
}

const single = (value: unknown): string | null =>
  value === undefined ? '' : typeof value === 'string' ? value : null;

export default async function sharePages(app: FastifyInstance) {
  app.get(MASTODON_SHARE_PATH, { helmet: false }, async (request, reply) => {
    reply.headers(SHARE_HEADERS);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const [text, url, instance] = [single(query.text), single(query.url), single(query.instance)];
    const badRequest = (message: string) =>
      reply.status(400).type('text/plain; charset=utf-8').send(`${message}\n`);
    if (text === null || url === null || instance === null)
      return badRequest('text, url and instance may each be given once.');
    if (text.length > SHARE_TEXT_MAX) return badRequest(`text must be at most ${SHARE_TEXT_MAX} characters.`);
    if (url !== '' && !/^https?:\/\/[^\s]{1,2000}$/u.test(url))
      return badRequest('url must be an http(s) URL.');
    const form = { text, url, instance, error: null };
    if (!('instance' in query)) return reply.type('text/html; charset=utf-8').send(sharePage(form));
    const host = mastodonHost(instance);
    if (host === null) {
      const error = 'Enter your instance’s host name, such as mastodon.social.';
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(sharePage({ ...form, error }));
    }
    const target = `https://${host}/share?${new URLSearchParams({ text: `${text} ${url}`.trim() })}`;
    return reply.redirect(target, 303);
  });
}
