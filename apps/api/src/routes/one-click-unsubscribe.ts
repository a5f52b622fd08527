import { type ErrorBody, mailTokenInput, NEWSLETTER_PATHS, ONE_CLICK_BODY } from '@journey/contracts';
import { unsubscribeByToken } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import { INVALID_LINK_MESSAGE } from '../features/subscribers/router';
import { hashToken } from '../features/newsletter/tokens';

const FORM_LIMIT_BYTES = 1024;

/** RFC 8058 lets the body be either form encoding; the field is all that is read of it. */
function saysOneClick(contentType: string | undefined, body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (contentType?.startsWith('application/x-www-form-urlencoded'))
    return new URLSearchParams(body).get('List-Unsubscribe') === 'One-Click';
  // multipart/form-data: the one field's name and value, without parsing the rest.
  return /name="List-Unsubscribe"\r?\n\r?\nOne-Click\b/.test(body.replace(/\r\n/g, '\n'));
}

/**
 * `POST /newsletter/unsubscribe?token=…` with `List-Unsubscribe=One-Click` (RFC 8058): what a mail
 * provider's 'Unsubscribe' button sends, from its own servers. The token is the authority, so this one
 * path takes a form body from any site (see cross-site.ts); the GET of the same URL is the page with
 * the 'Unsubscribe' button. Nothing else is read from the request: no cookie, no session.
 */
export default async function oneClickUnsubscribe(app: FastifyInstance) {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'])
    app.addContentTypeParser(
      type,
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );

  // A repeated `?token=` arrives as an array: the contract's check refuses it like any other bad link.
  app.post<{ Querystring: { token?: unknown } }>(
    NEWSLETTER_PATHS.unsubscribe,
    { config: { anySite: true } },
    async (request, reply) => {
      if (!saysOneClick(request.headers['content-type'], request.body))
        return reply.status(400).send({ message: `The body must be ${ONE_CLICK_BODY}.` } satisfies ErrorBody);
      const link = mailTokenInput.safeParse({ token: request.query.token });
      if (
        !link.success ||
        !(await unsubscribeByToken(app.database.db, hashToken(link.data.token), app.now()))
      )
        return reply.status(400).send({ message: INVALID_LINK_MESSAGE } satisfies ErrorBody);
      return reply.header('Cache-Control', 'no-store').send({ unsubscribed: true });
    },
  );
}
