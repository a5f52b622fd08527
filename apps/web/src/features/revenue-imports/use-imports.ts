import type {
  ErrorBody,
  RevenueImportPreview,
  RevenueImportRequest,
  RevenueImportStored,
} from '@journey/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** A refused import: the server's message, naming the line and the reason. */
export class ImportRefused extends Error {}

/**
 * Posts to the REST route rather than tRPC: only that route takes a 10 MB body (the tRPC endpoint
 * keeps the server's 1 MiB), docs/decisions/044-provider-imports.md.
 */
async function postImport<T>(request: RevenueImportRequest): Promise<T> {
  const response = await fetch('/api/admin/revenue/imports', {
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

export function useImportList() {
  return trpc.revenueImports.list.useQuery();
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (request: Omit<RevenueImportRequest, 'dryRun'>) =>
      postImport<RevenueImportPreview>({ ...request, dryRun: true }),
  });
}

/** An import or its undo changes the revenue entries and the import list. */
const IMPORT_CHANGES = ['revenues', 'revenueImports'] as const;

export function useRunImport() {
  return useMutation({
    mutationFn: (request: Omit<RevenueImportRequest, 'dryRun'>) =>
      postImport<RevenueImportStored>({ ...request, dryRun: false }),
    onSuccess: useRefreshAfterWrite(...IMPORT_CHANGES),
  });
}

export function useUndoImport() {
  return trpc.revenueImports.undo.useMutation({ onSuccess: useRefreshAfterWrite(...IMPORT_CHANGES) });
}
