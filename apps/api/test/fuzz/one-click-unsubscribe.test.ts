import { NEWSLETTER_PATHS } from '@journey/contracts';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { assertNoHarm, PROPERTY_TIMEOUT_MS, useFuzzServer, useFuzzStats } from './harness';
import { hostileString } from './hostile';
import { encode, hostileQuery } from './requests';

const fuzz = useFuzzServer();
const stats = useFuzzStats('Fuzzed one-click unsubscribes');

/** `token` once, repeated, bracketed or missing, among other keys: no token of these was ever mailed. */
const tokenQuery: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((token) => `token=${encode(token)}`),
  fc
    .array(hostileString, { minLength: 2, maxLength: 4 })
    .map((tokens) => tokens.map((token) => `token=${encode(token)}`).join('&')),
  fc.constantFrom('token=a&token=b', 'token[]=a', 'token[a]=b', 'token', 'token=', 'token=%', 'token=%00'),
  hostileQuery,
);

interface OneClickBody {
  contentType: string;
  body: string;
}

const BODIES: OneClickBody[] = [
  { contentType: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click' },
  {
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
  },
  { contentType: 'application/x-www-form-urlencoded', body: 'List-Unsubscribe=One-Click&List-Unsubscribe=x' },
];

describe('POST /newsletter/unsubscribe (RFC 8058 one-click)', () => {
  it(
    'answers any query string with a 4xx and the error body, and changes nothing',
    () =>
      assertNoHarm<[string, OneClickBody]>(fuzz, {
        label: `POST ${NEWSLETTER_PATHS.unsubscribe}`,
        stats,
        trpc: false,
        arbitrary: fc.tuple(tokenQuery, fc.constantFrom(...BODIES)),
        request: ([query, { contentType, body }]) => ({
          method: 'POST',
          url: `${NEWSLETTER_PATHS.unsubscribe}?${query}`,
          contentType,
          body,
        }),
        mayAccept: () => false,
        examples: [['token=a&token=b', BODIES[0]!]],
      }),
    PROPERTY_TIMEOUT_MS,
  );
});
