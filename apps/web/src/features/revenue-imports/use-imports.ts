import type { RevenueImportPreview, RevenueImportRequest, RevenueImportStored } from '@journey/contracts';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';
import { useImportPreview, useImportRun } from '../imports/use-imports';

const PATH = '/api/admin/revenue/imports';
type Request = Omit<RevenueImportRequest, 'dryRun'>;

/** An import or its undo changes the revenue entries and the import list. */
const IMPORT_CHANGES = ['revenues', 'revenueImports'] as const;

export function useImportList() {
  return trpc.revenueImports.list.useQuery();
}

export const usePreviewImport = () => useImportPreview<Request, RevenueImportPreview>(PATH);

export const useRunImport = () => useImportRun<Request, RevenueImportStored>(PATH, IMPORT_CHANGES);

export function useUndoImport() {
  return trpc.revenueImports.undo.useMutation({ onSuccess: useRefreshAfterWrite(...IMPORT_CHANGES) });
}
