import type { ExperimentAssignment, ExperimentAssignmentRule } from '@journey/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { experimentAssignments, experiments } from './schema';

/**
 * The rules that give an experiment revenue by its connection, product or price
 * (docs/decisions/082-experiment-money.md); experiment-figures.ts applies them. Each target is one
 * experiment's: the table's unique key on (provider, kind, value) holds that across experiments.
 */

const columns = {
  id: experimentAssignments.id,
  provider: experimentAssignments.provider,
  kind: experimentAssignments.kind,
  value: experimentAssignments.value,
};

const rulesOf = (db: Database, experimentId: number): Promise<ExperimentAssignment[]> =>
  db
    .select(columns)
    .from(experimentAssignments)
    .where(eq(experimentAssignments.experimentId, experimentId))
    .orderBy(asc(experimentAssignments.id));

/** The experiment's rules, oldest first; null when the id names no experiment. */
export async function listExperimentAssignments(
  db: Database,
  experimentId: number,
): Promise<ExperimentAssignment[] | null> {
  const [experiment] = await db
    .select({ id: experiments.id })
    .from(experiments)
    .where(eq(experiments.id, experimentId));
  return experiment ? rulesOf(db, experimentId) : null;
}

/** A replace of an experiment's rules: its new list, or the first wanted rule another experiment holds. */
export type AssignmentsWrite =
  { ok: true; rules: ExperimentAssignment[] } | { ok: false; index: number; experiment: string };

/** Rolls the replace back, carrying the rule at fault out of the transaction. */
class RuleTaken extends Error {
  constructor(readonly taken: { index: number; experiment: string }) {
    super('the rule belongs to another experiment');
  }
}

/**
 * Makes `rules` the experiment's whole list, in one transaction: its rules not listed are deleted, the
 * new ones added (those it has keep their ids). A rule another experiment holds, even one added by a
 * replace running meanwhile, leaves everything as it was. Null when the id names no experiment.
 */
export async function replaceExperimentAssignments(
  db: Database,
  experimentId: number,
  rules: readonly ExperimentAssignmentRule[],
): Promise<AssignmentsWrite | null> {
  // The list as rows, numbered so the rule at fault is named by its place in the request.
  const wanted = sql`(select * from jsonb_to_recordset(${JSON.stringify(
    rules.map(({ provider, kind, value }, index) => ({ provider, kind, value, index })),
  )}::jsonb) as w(provider text, kind text, value text, index int))`;
  try {
    return await db.transaction(async (tx) => {
      // Two replaces of one experiment's rules take turns; a write of other experiments' does not wait.
      const [experiment] = await tx
        .select({ id: experiments.id })
        .from(experiments)
        .where(eq(experiments.id, experimentId))
        .for('no key update');
      if (!experiment) return null;
      await tx.execute(sql`
        delete from ${experimentAssignments} a where a.experiment_id = ${experimentId}
          and not exists (select 1 from ${wanted} w
            where w.provider = a.provider and w.kind = a.kind and w.value = a.value)`);
      // A target another experiment holds (or is adding: its commit is awaited) is skipped here and
      // named below.
      await tx.execute(sql`
        insert into ${experimentAssignments} (experiment_id, provider, kind, value)
        select ${experimentId}, w.provider, w.kind, w.value from ${wanted} w order by w.index
        on conflict (provider, kind, value) do nothing`);
      const [taken] = await tx.execute<{ index: number; experiment: string }>(sql`
        select w.index, e.title as experiment from ${wanted} w
        join ${experimentAssignments} a on a.provider = w.provider and a.kind = w.kind and a.value = w.value
        join ${experiments} e on e.id = a.experiment_id
        where a.experiment_id <> ${experimentId}
        order by w.index limit 1`);
      if (taken) throw new RuleTaken({ index: Number(taken.index), experiment: taken.experiment });
      return { ok: true as const, rules: await rulesOf(tx, experimentId) };
    });
  } catch (error) {
    if (error instanceof RuleTaken) return { ok: false, ...error.taken };
    throw error;
  }
}
