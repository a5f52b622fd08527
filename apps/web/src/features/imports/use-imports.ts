import type { ErrorBody } from '@journey/contracts';
import { useMutation } from '@tanstack/react-query';
import { useRefreshAfterWrite, type Table } from '../../lib/table-readers';

/** A refused import: the server's message, naming the line and the reason. */
export class ImportRefused extends Error {}

/** What the import dialog and list need of a mutation: its call and whether one is under way. */
export interface ImportMutation<Request, Answer> {
  mutateAsync: (request: Request) => Promise<Answer>;
  isPending: boolean;
}

/**
 * Posts to the REST route rather than tRPC: only that route takes a 10 MB body (the tRPC endpoint
 * keeps the server's 1 MiB), docs/decisions/044-provider-imports.md.
 */
async function postImport<T>(path: string, request: object): Promise<T> {
  const response = await fetch(path, {
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

/** The preview of a file posted to `path`: a dry run, which stores nothing. */
export function useImportPreview<Request extends object, Preview>(path: string) {
  return useMutation({
    mutationFn: (request: Request) => postImport<Preview>(path, { ...request, dryRun: true }),
  });
}

/** The import of a file posted to `path`; `changes` are the tables it (and its undo) writes. */
export function useImportRun<Request extends object, Stored>(path: string, changes: readonly Table[]) {
  return useMutation({
    mutationFn: (request: Request) => postImport<Stored>(path, { ...request, dryRun: false }),
    onSuccess: useRefreshAfterWrite(...changes),
  });
}
