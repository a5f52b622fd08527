import {
  statusColorOf,
  type Experiment,
  type ExperimentPageRequest,
  type ExperimentValues,
  type Page,
} from '@journey/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Database } from './client';
import { pageOf, type PagingSpec } from './paging';
import { experiments } from './schema';

type ExperimentRow = typeof experiments.$inferSelect;

function toExperiment(row: ExperimentRow): Experiment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    statusColor: row.statusColor,
    projectCount: row.projectCount,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The colour always follows the status through the one map (DESIGN.md item 6). */
function toColumns(values: ExperimentValues) {
  return {
    title: values.title,
    description: values.description,
    status: values.status,
    statusColor: statusColorOf(values.status),
    projectCount: values.projectCount,
    imageUrl: values.imageUrl,
  };
}

/** Oldest first, so the seeded five keep the spec's order; served by the (created_at, id) index. */
export async function listExperiments(db: Database): Promise<Experiment[]> {
  const rows = await db.select().from(experiments).orderBy(asc(experiments.createdAt), asc(experiments.id));
  return rows.map(toExperiment);
}

const EXPERIMENT_PAGING: PagingSpec<ExperimentPageRequest['sort']> = {
  sortColumns: {
    title: experiments.title,
    status: experiments.status,
    projectCount: experiments.projectCount,
    createdAt: experiments.createdAt,
  },
  searchColumns: [experiments.title, experiments.description, experiments.status],
};

/** One page of the admin table, sorted by any column and filtered by title, description or status. */
export async function pageExperiments(
  db: Database,
  request: ExperimentPageRequest,
): Promise<Page<Experiment>> {
  return pageOf(db, experiments, EXPERIMENT_PAGING, request, toExperiment);
}

export async function createExperiment(db: Database, values: ExperimentValues): Promise<Experiment> {
  const [row] = await db.insert(experiments).values(toColumns(values)).returning();
  if (!row) throw new Error('insert returned no row');
  return toExperiment(row);
}

export async function updateExperiment(
  db: Database,
  id: number,
  values: ExperimentValues,
): Promise<Experiment | null> {
  const [row] = await db.update(experiments).set(toColumns(values)).where(eq(experiments.id, id)).returning();
  return row ? toExperiment(row) : null;
}

export async function deleteExperiment(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(experiments).where(eq(experiments.id, id)).returning({ id: experiments.id });
  return rows.length > 0;
}
