import { waitFor, type SmtpSink } from '@journey/testing';
import { expect } from 'vitest';
import { call, startTestServer, type TestServer, type TestServerOptions } from './helpers';

/** The origin every mailing test server's links start with. */
export const MAIL_PUBLIC_URL = 'https://journey.example';

/**
 * A test server that mails through `smtp` (a local smtp-server) with no rate limit to wait on and quick
 * retries; `options.env` adds to or overrides that configuration.
 */
export function startMailingServer(smtp: SmtpSink, options: TestServerOptions = {}): Promise<TestServer> {
  return startTestServer({
    mailRetryBaseMs: 50,
    ...options,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Solo Unicorn <news@journey.example>',
      PUBLIC_URL: MAIL_PUBLIC_URL,
      MAIL_RATE_PER_MINUTE: '60000',
      ...options.env,
    },
  });
}

/** The token of the confirmation link in the last mail `email` received. */
export function confirmationTokenFor(smtp: SmtpSink, email: string): string {
  const mails = smtp.to(email);
  const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1)?.mail.text ?? '')?.[1];
  expect(token, `a confirmation link in the mail to ${email}`).toBeDefined();
  return decodeURIComponent(token!);
}

/** Signs `email` up through the form and waits for its confirmation mail; answers the link's token. */
export async function signUpReader(server: TestServer, smtp: SmtpSink, email: string): Promise<string> {
  const before = smtp.to(email).length;
  expect((await call(server.app, 'POST', '/api/subscribers', { email, consent: true })).statusCode).toBe(201);
  await waitFor(`the confirmation mail to ${email}`, async () => smtp.to(email).length > before);
  return confirmationTokenFor(smtp, email);
}

/** Signs `email` up through the form and confirms it through the mail's link, as a reader would. */
export async function confirmReader(server: TestServer, smtp: SmtpSink, email: string): Promise<void> {
  const token = await signUpReader(server, smtp, email);
  const confirmed = await call(server.app, 'POST', '/api/subscribers/confirm', { token });
  expect(confirmed.statusCode).toBe(200);
}
