import type { CostImportPreview, CostImportRequest, CostImportResult } from '@journey/contracts';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';
import { useImportPreview, useImportRun } from '../imports/use-imports';

const PATH = '/api/admin/costs/imports';
type Request = Omit<CostImportRequest, 'dryRun'>;

/** An import or its undo changes the costs and the import list. */
const IMPORT_CHANGES = ['costs', 'costImports'] as const;

export function useCostImportList() {
  return trpc.costImports.list.useQuery();
}

export const usePreviewCostImport = () => useImportPreview<Request, CostImportPreview>(PATH);

export const useRunCostImport = () => useImportRun<Request, CostImportResult>(PATH, IMPORT_CHANGES);

export function useUndoCostImport() {
  return trpc.costImports.undo.useMutation({ onSuccess: useRefreshAfterWrite(...IMPORT_CHANGES) });
}
