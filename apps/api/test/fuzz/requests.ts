/**
 * Request bodies, path ids, cookies and query strings for the fuzz suite. Every body ends up as raw
 * text plus a content type, so random values, near-valid bodies and broken text travel the same way.
 */
import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../../src/server';
import { extraKey, hostileString, hostileValue, rawToken } from './hostile';

export interface BodyCase {
  /** What the generator meant: the summary counts rejections by it. */
  kind: 'random' | 'near-valid' | 'malformed' | 'content-type' | 'duplicate-key' | 'too-large' | 'no-body';
  body?: string;
  contentType?: string;
}

type Body = Record<string, unknown>;

const JSON_TYPE = 'application/json';
const RAW_MARK = '__fuzz_raw_token__';

/** The parsed body the server works on, or NOT_JSON when it cannot see one (so nothing may succeed). */
export const NOT_JSON = Symbol('not JSON');

export function jsonSeenByServer(request: BodyCase): unknown {
  if (request.body === undefined) return undefined;
  const type = request.contentType?.split(';', 1)[0]?.trim().toLowerCase();
  if (type !== JSON_TYPE) return NOT_JSON;
  // A JSON write may come without a body (a bodyless logout or delete): the server sees none.
  if (request.body === '') return undefined;
  try {
    // Fastify's parser skips a byte order mark, as JSON parsers may (RFC 8259 section 8.1).
    return JSON.parse(request.body.replace(/^\ufeff/, '')) as unknown;
  } catch {
    return NOT_JSON;
  }
}

const json = (body: string | undefined, kind: BodyCase['kind']): BodyCase =>
  body === undefined ? { kind: 'no-body', contentType: JSON_TYPE } : { kind, body, contentType: JSON_TYPE };

/** Own properties, so `__proto__` is sent as a key instead of replacing the prototype. */
function withField(body: Body, key: string, value: unknown): Body {
  const copy = { ...body };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

type Mutation = (body: Body) => Body;

/** One change to a valid body: a field replaced, removed, added, or its value written as a raw token. */
function mutation(keys: readonly string[]): fc.Arbitrary<Mutation> {
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    {
      arbitrary: fc.tuple(key, hostileValue).map(
        ([k, v]): Mutation =>
          (b) =>
            withField(b, k, v),
      ),
      weight: 5,
    },
    {
      arbitrary: key.map(
        (k): Mutation =>
          (b) =>
            Object.fromEntries(Object.entries(b).filter(([e]) => e !== k)),
      ),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(extraKey, hostileValue).map(
        ([k, v]): Mutation =>
          (b) =>
            withField(b, k, v),
      ),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(key, rawToken).map(
        ([k, t]): Mutation =>
          (b) =>
            withField(b, k, { [RAW_MARK]: t }),
      ),
      weight: 2,
    },
  );
}

/** JSON.stringify, then each raw-token marker replaced by its token's text. */
function serialize(body: Body): string {
  return JSON.stringify(body, (_key, value: unknown) =>
    value && typeof value === 'object' && RAW_MARK in value
      ? RAW_MARK + String((value as Body)[RAW_MARK])
      : value,
  ).replace(
    new RegExp(`"${RAW_MARK}((?:[^"\\\\]|\\\\.)*)"`, 'g'),
    (_match, escaped: string) => JSON.parse(`"${escaped}"`) as string,
  );
}

/** A valid body with one or two fields replaced, removed or added: these test validation. */
export function nearValidBody(valid: Body): fc.Arbitrary<BodyCase> {
  const keys = Object.keys(valid);
  return fc
    .array(keys.length ? mutation(keys) : fc.constant((b: Body) => b), { minLength: 1, maxLength: 2 })
    .map((mutations) =>
      json(serialize(mutations.reduce((body, change) => change(body), valid)), 'near-valid'),
    );
}

/** Any JSON value at all: these mostly test parsing and the "is this an object" checks. */
export const randomBody: fc.Arbitrary<BodyCase> = fc.oneof(
  hostileValue.map((value) => json(JSON.stringify(value) as string | undefined, 'random')),
  fc.json().map((text) => json(text, 'random')),
);

/** Broken JSON text around a valid body: cut, spliced, commented, doubled, BOM-prefixed. */
function malformedBody(validText: string): fc.Arbitrary<BodyCase> {
  const at = fc.integer({ min: 0, max: validText.length });
  return fc
    .oneof(
      at.filter((n) => n < validText.length).map((n) => validText.slice(0, n)),
      fc
        .tuple(at, fc.constantFrom(',', '"', '{', '}', ']', ':', '\\', '\u0000', "'"))
        .map(([n, c]) => validText.slice(0, n) + c + validText.slice(n)),
      fc.constantFrom(
        '',
        ' ',
        '{',
        '}',
        '{"a":}',
        "{'amount': 5}",
        '{"a":1,}',
        '[1,]',
        '{"a":1}}',
        '{"a":1}{"b":2}',
        '{"a":1} trailing',
        '/* comment */ {}',
        '{"a":1 // comment\n}',
        '\ufeff{}',
        'NaN',
        '\u0000',
        '{"a":"\u0000"}',
        '"\\ud800"',
        '{"a":"\\x41"}',
        '{"a":"\\u00"}',
      ),
      fc.string({ unit: 'binary', maxLength: 200 }),
    )
    .map((body) => ({ kind: 'malformed', body, contentType: JSON_TYPE }));
}

const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'text/xml',
  'application/octet-stream',
  'application/jsonp',
  'application/vnd.api+json',
  'application/json-patch+json',
  'json',
  '*/*',
  '',
  'application/json, text/plain',
] as const;

/** The same valid text (or a form, XML or multipart one) under a content type other than JSON, or none. */
function wrongContentType(valid: Body, validText: string): fc.Arbitrary<BodyCase> {
  const form = new URLSearchParams(
    Object.entries(valid).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const multipart = `--fuzz\r\nContent-Disposition: form-data; name="json"\r\n\r\n${validText}\r\n--fuzz--\r\n`;
  const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`;
  return fc
    .tuple(
      fc.option(fc.constantFrom(...WRONG_TYPES), { nil: undefined }),
      fc.constantFrom(validText, form, multipart, xml),
    )
    .map(([contentType, body]) => ({
      kind: 'content-type',
      body,
      ...(contentType === undefined ? {} : { contentType }),
    }));
}

/** A key given twice: which one wins must not matter for safety. */
function duplicateKey(valid: Body, validText: string): fc.Arbitrary<BodyCase> {
  const keys = Object.keys(valid);
  return fc
    .tuple(fc.constantFrom(...(keys.length ? keys : ['id'])), hostileValue, fc.boolean())
    .map(([key, value, first]) => {
      const extra = `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`;
      const inner = validText.slice(1, -1);
      const body = first ? `{${extra}${inner ? ',' : ''}${inner}}` : `{${inner}${inner ? ',' : ''}${extra}}`;
      return { kind: 'duplicate-key', body, contentType: JSON_TYPE };
    });
}

/** Just over the 1 MiB body limit, as a string field or as padding: slow, so rare. */
function tooLarge(valid: Body): fc.Arbitrary<BodyCase> {
  return fc.integer({ min: 1, max: 4_096 }).map((over) => {
    const padding = 'x'.repeat(BODY_LIMIT_BYTES + over);
    return { kind: 'too-large', body: JSON.stringify({ ...valid, padding }), contentType: JSON_TYPE };
  });
}

/** Every kind of body for an endpoint whose valid body is `valid`, weighted towards the near-valid ones. */
export function bodyCase(valid: Body): fc.Arbitrary<BodyCase> {
  const validText = JSON.stringify(valid);
  return fc.oneof(
    { arbitrary: nearValidBody(valid), weight: 45 },
    { arbitrary: randomBody, weight: 25 },
    { arbitrary: malformedBody(validText), weight: 12 },
    { arbitrary: wrongContentType(valid, validText), weight: 10 },
    { arbitrary: duplicateKey(valid, validText), weight: 6 },
    { arbitrary: fc.constant<BodyCase>({ kind: 'no-body' }), weight: 1 },
    { arbitrary: tooLarge(valid), weight: 1 },
  );
}

/** Path ids that are not positive integers (or are, just barely), as they would be typed into a URL. */
export const HOSTILE_IDS = [
  'abc',
  '-1',
  '0',
  '-0',
  '1e99',
  '1e3',
  '0x10',
  '0b1',
  '1.5',
  '1.0',
  ' 1',
  '1 ',
  '+1',
  '%00',
  '1%00',
  '%20',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '[]',
  '{}',
  '2147483648',
  '9999999999999999999999',
  '١',
  '１',
  '😀',
  '%E2%80%AE1',
  '..',
  '%2e%2e',
  '1;drop table revenues',
  "1' or '1'='1",
] as const;

/** Percent-encoding that cannot throw: lone surrogates become U+FFFD, as a browser would send them. */
export const encode = (text: string) =>
  encodeURIComponent(
    text.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => {
      const code = c.charCodeAt(0);
      const pair = code < 0xdc00 ? all.charCodeAt(i + 1) : all.charCodeAt(i - 1);
      const paired = code < 0xdc00 ? pair >= 0xdc00 && pair <= 0xdfff : pair >= 0xd800 && pair < 0xdc00;
      return paired ? c : '\ufffd';
    }),
  );

/** A listed id as a path segment: those with a `%` are already encoded (`%00` is a NUL). */
export const encodeId = (id: string) => (id.includes('%') ? id : encode(id));

/** A path segment: listed hostile ids, or any string URL-encoded. */
export const hostilePathId: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_IDS).map(encodeId), weight: 2 },
  { arbitrary: hostileString.filter((s) => s.length < 2_000).map(encode), weight: 2 },
  { arbitrary: fc.integer({ min: -5, max: 5_000 }).map(String), weight: 1 },
);

/** A cookie header: none, or garbage where the session cookie goes (printable ASCII, as headers must be). */
export const hostileCookie: fc.Arbitrary<string | undefined> = fc.option(
  fc.oneof(
    fc
      .string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
        maxLength: 80,
      })
      .map((value) => `journey_session=${value}`),
    fc.constantFrom(
      'journey_session=',
      'journey_session=s%3Aabc.def',
      '=;=;',
      'journey_session=a; journey_session=b',
    ),
  ),
  { nil: undefined, freq: 2 },
);

/** Query strings: random keys and values, repeated keys, broken percent-encoding, huge values. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(extraKey, fc.constantFrom('input', 'batch', 'id', 'q', 'limit', 'sort')),
        hostileString,
      ),
      {
        maxLength: 4,
      },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')),
  fc.constantFrom(
    '%',
    '%zz',
    'a=%ED%A0%80',
    'a=%FF%FE',
    'a=%E0%A4%A',
    '&&&',
    '=',
    'a[b][c]=1',
    'a[__proto__][x]=1',
    '__proto__[x]=1',
    'a=1&a=2&a=3',
  ),
);

/** The `input` of a tRPC query: any JSON, a near-valid page request, or not JSON at all. */
export function trpcQueryInput(validPage: Body): fc.Arbitrary<string> {
  return fc.oneof(
    nearValidBody(validPage).map((c) => c.body ?? ''),
    randomBody.map((c) => c.body ?? ''),
    hostileString,
  );
}
