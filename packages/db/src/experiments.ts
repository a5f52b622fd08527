import {
  experimentSlugFrom,
  statusColorOf,
  type Experiment,
  type ExperimentPageRequest,
  type ExperimentValues,
  type Page,
} from '@journey/contracts';
import { asc, eq, like, or } from 'drizzle-orm';
import type { Database } from './client';
import { isUniqueViolation } from './database-errors';
import { deleteById } from './entity-writes';
import { pageOf } from './paging';
import { experiments } from './schema';

type ExperimentRow = typeof experiments.$inferSelect;

function toExperiment(row: ExperimentRow): Experiment {
  return {
    ...row,
    stateChangedAt: row.stateChangedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Oldest first, so the seeded five keep the spec's order; served by the (created_at, id) index. */
export async function listExperiments(db: Database): Promise<Experiment[]> {
  const rows = await db.select().from(experiments).orderBy(asc(experiments.createdAt), asc(experiments.id));
  return rows.map(toExperiment);
}

/** The experiment whose page is /lab/{slug}, or null. */
export async function getExperimentBySlug(db: Database, slug: string): Promise<Experiment | null> {
  const [row] = await db.select().from(experiments).where(eq(experiments.slug, slug)).limit(1);
  return row ? toExperiment(row) : null;
}

/** Every experiment's page, for the sitemap. */
export async function listExperimentLinks(db: Database): Promise<{ slug: string; createdAt: string }[]> {
  const rows = await db
    .select({ slug: experiments.slug, createdAt: experiments.createdAt })
    .from(experiments)
    .orderBy(asc(experiments.createdAt), asc(experiments.id));
  return rows.map((row) => ({ slug: row.slug, createdAt: row.createdAt.toISOString() }));
}

/** One page of the admin table, sorted by any column and filtered by title, description or status. */
export async function pageExperiments(
  db: Database,
  request: ExperimentPageRequest,
): Promise<Page<Experiment>> {
  return pageOf(
    db,
    experiments,
    [experiments.title, experiments.description, experiments.status],
    request,
    toExperiment,
  );
}

/** A write of an experiment: the experiment, or the field the database refused. */
export type ExperimentWrite =
  { ok: true; experiment: Experiment } | { ok: false; reason: 'slug-taken' | 'verdict-required' };

type State = ExperimentRow['state'];

/**
 * The state's columns after a write (docs/decisions/081-experiment-state.md): back to running clears
 * the date and the verdict; a change to paused or killed is dated now; the same state keeps its date,
 * and its verdict unless a new one is given.
 */
function stateColumns(
  values: Pick<ExperimentValues, 'state' | 'verdict'>,
  current: Pick<ExperimentRow, 'state' | 'stateChangedAt' | 'verdict'> | null,
  now: Date,
) {
  const state: State = values.state ?? current?.state ?? 'running';
  if (state === 'running') return { state, stateChangedAt: null, verdict: null };
  const unchanged = current?.state === state;
  const given = values.verdict === undefined ? undefined : values.verdict || null;
  return {
    state,
    stateChangedAt: unchanged ? (current.stateChangedAt ?? now) : now,
    verdict: given !== undefined ? given : unchanged ? current.verdict : null,
  };
}

function baseColumns({ statusColor: _ignored, ...values }: ExperimentValues) {
  // The colour always follows the status through the one map (docs/decisions/018-experiments-from-the-server.md).
  return {
    title: values.title,
    description: values.description,
    status: values.status,
    statusColor: statusColorOf(values.status),
    projectCount: values.projectCount,
    imageUrl: values.imageUrl,
  };
}

/** The first of base, base-2, base-3… that no experiment has (by the slugs taken now). */
async function freeSlug(db: Database, base: string): Promise<string> {
  const rows = await db
    .select({ slug: experiments.slug })
    .from(experiments)
    .where(or(eq(experiments.slug, base), like(experiments.slug, `${base}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A title's slug with room for a `-N` suffix within the limit. */
const titleSlug = (title: string) => experimentSlugFrom(title).slice(0, 54).replace(/-+$/, '');

/**
 * A new experiment. A slug given and taken is refused; one made from the title takes the next free
 * suffix, trying again if another creation took it meanwhile (the insert skips a taken slug).
 */
export async function createExperiment(db: Database, values: ExperimentValues): Promise<ExperimentWrite> {
  const state = stateColumns(values, null, new Date());
  if (state.state === 'killed' && !state.verdict) return { ok: false, reason: 'verdict-required' };
  const chosen = values.slug || null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = chosen ?? (await freeSlug(db, titleSlug(values.title)));
    const [row] = await db
      .insert(experiments)
      .values({ ...baseColumns(values), ...state, slug, story: values.story ?? '' })
      .onConflictDoNothing({ target: experiments.slug })
      .returning();
    if (row) return { ok: true, experiment: toExperiment(row) };
    if (chosen) return { ok: false, reason: 'slug-taken' };
  }
  throw new Error('no free slug after five attempts');
}

/**
 * An edit: the slug, story and state a request leaves out stay as they are; the title never moves
 * the slug, so links last. Null when the id names no experiment.
 */
export async function updateExperiment(
  db: Database,
  id: number,
  values: ExperimentValues,
): Promise<ExperimentWrite | null> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx.select().from(experiments).where(eq(experiments.id, id)).for('update');
      if (!current) return null;
      const state = stateColumns(values, current, new Date());
      if (state.state === 'killed' && !state.verdict)
        return { ok: false, reason: 'verdict-required' } as const;
      const slug = values.slug || current.slug;
      if (slug !== current.slug) {
        const [other] = await tx
          .select({ id: experiments.id })
          .from(experiments)
          .where(eq(experiments.slug, slug))
          .limit(1);
        if (other) return { ok: false, reason: 'slug-taken' } as const;
      }
      const [row] = await tx
        .update(experiments)
        .set({ ...baseColumns(values), ...state, slug, story: values.story ?? current.story })
        .where(eq(experiments.id, id))
        .returning();
      if (!row) throw new Error('update returned no row');
      return { ok: true, experiment: toExperiment(row) } as const;
    });
  } catch (error) {
    // Another edit took the slug between the check and the write.
    if (isUniqueViolation(error) && values.slug) return { ok: false, reason: 'slug-taken' };
    throw error;
  }
}

export const deleteExperiment = (db: Database, id: number): Promise<boolean> =>
  deleteById(db, experiments, id);
