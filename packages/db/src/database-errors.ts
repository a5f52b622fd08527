// What a database error means to a caller, whichever database raised it.

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when an error means the database cannot be reached, as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Two writes of the same rows at once that the database could not both apply: a unique violation, a
 * serialization failure, a deadlock, a lock not available. Thrown on purpose as WriteConflictError too.
 * The API answers 409 (docs/decisions/057-render-limits-and-http-hardening.md).
 */
const CONFLICT_CODES = new Set(['23505', '40001', '40P01', '55P03']);

/** A write found its row changed under it by another at the same time (see isWriteConflict). */
export class WriteConflictError extends Error {
  constructor(message = 'another write changed the row at the same time') {
    super(message);
  }
}

export function isWriteConflict(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof WriteConflictError) return true;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONFLICT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when an error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
