/**
 * Hostile JSON values and raw JSON tokens: the building blocks of every fuzzed request.
 * Values go through JSON.stringify; tokens are pasted into the body text as they are, for what a
 * JavaScript value cannot express (1e309, -0 as written, NaN, nesting deeper than the stack).
 */
import fc from 'fast-check';

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const INJECTIONS = [
  "' OR '1'='1",
  "'; drop table revenues; --",
  '" OR ""="',
  '1; select pg_sleep(10)',
  '$$; delete from users; $$',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%',
  '_',
  '\\',
  '\u0000',
  'abc\u0000def',
  '\u202e\u0041\u200b',
  '\ud800',
  '\udfff\ud800',
  '😀👩‍👩‍👧',
  'NaN',
  '-NaN',
  'Infinity',
  '-0',
  '0',
  '1e309',
  '-1e309',
  '1e99',
  '0x10',
  '1_000',
  '1,000.00',
  '٣',
  '１２',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '=HYPERLINK("http://x")',
  '__proto__',
  'constructor',
  '2024-02-30',
  '2024-01-01T25:61:00Z',
  '9999-12-31',
  '1999-12-31',
  '0000-00-00',
] as const;

/** Short strings of every kind: injections, lone surrogates, control characters, any code point. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTIONS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\ud800', 'a', ' ', '\n', '%'), maxLength: 20 }),
    weight: 1,
  },
  // Past every length limit (500, 2,048, 254 characters) but well under the body limit.
  { arbitrary: fc.integer({ min: 200, max: 5_000 }).map((n) => 'é'.repeat(n)), weight: 1 },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 0.1, 1.005, 1e-7, 2 ** 31, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE),
  fc.double(),
  fc.integer(),
);

/** Objects whose keys include the prototype-pollution ones, as own properties (JSON.parse makes them so too). */
const pollutingObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.jsonValue({ maxDepth: 2 }),
    fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  )
  .map(([key, value, rest]) => {
    const object: Record<string, unknown> = { ...rest };
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    return object;
  });

/** Nested values as JSON.stringify can write them (the raw tokens below go far deeper). */
const nested: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 50, max: 500 }), fc.boolean(), fc.jsonValue({ maxDepth: 1 }))
  .map(([depth, asArray, leaf]) => {
    let value: unknown = leaf;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

/** Any JSON value a client could send, leaning towards the nasty ones. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], ['a'], { value: 1 }), weight: 2 },
  { arbitrary: fc.json({ maxDepth: 3 }).map((text) => JSON.parse(text) as unknown), weight: 2 },
  {
    // Dates, boxed values, sparse and typed arrays, null prototypes: what JSON.stringify makes of them.
    arbitrary: fc.anything({
      maxDepth: 3,
      key: fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_KEYS)),
      withBoxedValues: true,
      withDate: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    }),
    weight: 2,
  },
  { arbitrary: pollutingObject, weight: 1 },
  { arbitrary: nested, weight: 1 },
);

/** A deep nesting written as text: 30,000 levels cannot come from JSON.stringify (nor from recursion). */
export const deepNestingToken = fc
  .tuple(
    fc.integer({ min: 1_000, max: 30_000 }),
    fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"constructor":', '}'], ['{"__proto__":', '}']),
  )
  .map(
    ([depth, [open, close]]) => open.repeat(depth) + '1'.repeat(open === '[' ? 0 : 1) + close.repeat(depth),
  );

/** Raw JSON (or almost JSON) tokens to paste where a field's value goes. */
export const rawToken: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      '1e309',
      '-1e309',
      '1E400',
      '-0',
      '-0.0',
      '0e0',
      '1e-400',
      '123456789012345678901234567890',
      '12.345678901234567890123',
      '5.00000000000000000001',
      '"NaN"',
      '"Infinity"',
      'NaN',
      'Infinity',
      'undefined',
      "'single'",
      '"\\u0000"',
      '"\\ud800"',
      '"\\uDEAD\\uBEEF"',
      '"unterminated',
      '01',
      '+1',
      '.5',
      '0x10',
      'true',
      'null',
    ),
    weight: 4,
  },
  { arbitrary: deepNestingToken, weight: 1 },
);

/** Keys for an extra field: ordinary, hostile or prototype-polluting. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, 'id', 'isAdmin', 'role', 'statusColor', 'userId', ''),
  hostileString,
);
