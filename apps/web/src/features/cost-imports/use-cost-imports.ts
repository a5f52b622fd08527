import type { CostImportPreview, CostImportRequest, CostImportResult, ErrorBody } from '@journey/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';
import { ImportRefused } from '../revenue-imports/use-imports';

/**
 * Posts to the REST route rather than tRPC, as the revenue import does: only that route takes a 10 MB
 * body (docs/decisions/044-provider-imports.md).
 */
async function postImport<T>(request: CostImportRequest): Promise<T> {
  const response = await fetch('/api/admin/costs/imports', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  const body = (await response.json().catch(() => ({ message: response.statusText }))) as T | ErrorBody;
  if (!response.ok)
    throw new ImportRefused((body as ErrorBody).message || `Import failed (${response.status}).`);
  return body as T;
}

export function useCostImportList() {
  return trpc.costImports.list.useQuery();
}

export function usePreviewCostImport() {
  return useMutation({
    mutationFn: (request: Omit<CostImportRequest, 'dryRun'>) =>
      postImport<CostImportPreview>({ ...request, dryRun: true }),
  });
}

/** An import or its undo changes the costs and the import list. */
const IMPORT_CHANGES = ['costs', 'costImports'] as const;

export function useRunCostImport() {
  return useMutation({
    mutationFn: (request: Omit<CostImportRequest, 'dryRun'>) =>
      postImport<CostImportResult>({ ...request, dryRun: false }),
    onSuccess: useRefreshAfterWrite(...IMPORT_CHANGES),
  });
}

export function useUndoCostImport() {
  return trpc.costImports.undo.useMutation({ onSuccess: useRefreshAfterWrite(...IMPORT_CHANGES) });
}
