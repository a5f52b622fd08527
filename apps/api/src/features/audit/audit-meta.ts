/**
 * How a protected write says what the audit trail keeps of it (docs/decisions/088-audit-trail.md): its
 * `.meta({ audit })`, which the protected procedures' middleware (trpc/init.ts) records once the write
 * has succeeded. Nothing here reads a secret: a detail names fields, ids and amounts, never a password,
 * code, token or key.
 */

/** One successful call as the trail sees it: the input as sent, the answer, and the procedure's note. */
export interface AuditedCall {
  input: unknown;
  output: unknown;
  note: AuditNote;
}

/** What a procedure adds while it runs, for what only it knows (was the connection new, which fields changed). */
export interface AuditNote {
  action?: string;
  detail?: Record<string, unknown>;
}

export interface AuditWrite {
  /** `entity.verb`, e.g. `revenue.created`; the note's action, when the procedure set one, wins. */
  action: string;
  /** What it was done to, e.g. `revenue:42`. */
  subject?: (call: AuditedCall) => string | null | undefined;
  detail?: (call: AuditedCall) => Record<string, unknown>;
  /** A call that changed nothing worth a row (an import's dry run). */
  skip?: (call: AuditedCall) => boolean;
}

/**
 * `audit` in a procedure's meta: what to record, or `recorded-inside` for a procedure that records its
 * own rows through ctx.audit (a sign-out, the passkeys), so the middleware does not double them.
 */
export type AuditMeta = AuditWrite | 'recorded-inside';

/** A field of an input or answer whose shape the trail does not know. */
export function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

const scalar = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

/** `entity:<key>` from the answer, else from the input (a delete answers nothing). */
export const subjectFrom =
  (entity: string, key = 'id') =>
  ({ input, output }: AuditedCall): string | null => {
    const value = scalar(fieldOf(output, key)) ?? scalar(fieldOf(input, key));
    return value === null ? null : `${entity}:${value}`;
  };

/** The answer's fields that say which row it was and, for money, how much: never more. */
const SUMMARY_FIELDS = [
  'amount',
  'currency',
  'source',
  'slug',
  'title',
  'name',
  'subject',
  'category',
  'status',
];

export function summaryOf(value: unknown): Record<string, unknown> {
  const summary: Record<string, unknown> = {};
  for (const key of SUMMARY_FIELDS) {
    const field = fieldOf(value, key);
    if (typeof field === 'string' || typeof field === 'number' || typeof field === 'boolean')
      summary[key] = field;
  }
  return summary;
}

/** A write to one row of a kind: its subject by id and a summary of what it holds now. */
export const rowWrite = (entity: string, verb: string): AuditWrite => ({
  action: `${entity}.${verb}`,
  subject: subjectFrom(entity),
  detail: ({ input, output }) => ({
    ...summaryOf(output ?? input),
    ...(typeof fieldOf(input, 'reason') === 'string' ? { reason: fieldOf(input, 'reason') } : {}),
  }),
});

/** The names of the fields whose values differ between two records (a settings save's detail). */
export function changedFields(before: object, after: object): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys]
    .filter(
      (key) =>
        JSON.stringify((before as Record<string, unknown>)[key]) !==
        JSON.stringify((after as Record<string, unknown>)[key]),
    )
    .sort();
}
