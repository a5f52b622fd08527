import {
  statusColorOf,
  type Experiment,
  type ExperimentPageRequest,
  type ExperimentValues,
  type Page,
} from '@journey/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from './client';
import { entityWrites } from './entity-writes';
import { pageOf } from './paging';
import { experiments } from './schema';

function toExperiment(row: typeof experiments.$inferSelect): Experiment {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** The colour always follows the status through the one map (docs/decisions/018-experiments-from-the-server.md). */
function toColumns({ statusColor: _ignored, ...values }: ExperimentValues) {
  return { ...values, statusColor: statusColorOf(values.status) };
}

/** Oldest first, so the seeded five keep the spec's order; served by the (created_at, id) index. */
export async function listExperiments(db: Database): Promise<Experiment[]> {
  const rows = await db.select().from(experiments).orderBy(asc(experiments.createdAt), asc(experiments.id));
  return rows.map(toExperiment);
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

export const {
  create: createExperiment,
  update: updateExperiment,
  remove: deleteExperiment,
} = entityWrites(experiments, toColumns, toExperiment);
