/** A record with one entry per key, in the keys' order: a table's columns, a schema's fields, labels. */
export function recordOf<const K extends string, T>(
  keys: readonly K[],
  valueOf: (key: K) => T,
): Record<K, T> {
  return Object.fromEntries(keys.map((key) => [key, valueOf(key)])) as Record<K, T>;
}
