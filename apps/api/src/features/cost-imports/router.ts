import {
  costImportAnswerSchema,
  costImportIdInput,
  costImportInput,
  costImportSchema,
  costImportUndoSchema,
} from '@journey/contracts';
import { listCostImports, storeCostImport, undoCostImport } from '@journey/db';
import { importRouter } from '../imports/router';
import { planCostImport } from './plan';

/**
 * docs/decisions/082-experiment-money.md: a billing export into costs, and its undo. Costs are part
 * of the experiments' public figures.
 */
export const costImportsRouter = importRouter({
  path: '/admin/costs/imports',
  tag: 'costs',
  entity: 'cost',
  changes: ['experiments', 'revenues'],
  summaries: {
    list: 'Cost imports, newest first',
    create: 'Import a billing export (OpenAI, Anthropic) or a generic CSV into costs',
    createDescription:
      'With `dryRun` the preview: the rows to add (each rounded to the cent), the lines already imported (`duplicate`), those under half a cent (`skipped`), and the rows refused with their line (header = 1) and reason; only USD amounts are read. Without it the import: `{ id, added, total }`, or 400 naming the lines in error, storing nothing.',
    undo: 'Undo a cost import: delete exactly the costs it added',
  },
  schemas: {
    input: costImportInput,
    answer: costImportAnswerSchema,
    item: costImportSchema,
    id: costImportIdInput,
    undone: costImportUndoSchema,
  },
  list: listCostImports,
  plan: (db, input) => planCostImport(db, input.format, input.csv),
  store: (db, input, plan) => storeCostImport(db, { format: input.format, entries: plan.entries }),
  undo: undoCostImport,
});
