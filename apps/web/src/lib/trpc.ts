import type { AppRouter } from '@journey/api';
import { MAX_TRPC_BATCH } from '@journey/contracts/constants';
import { httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';

export const trpc = createTRPCReact<AppRouter>();
export type TrpcClient = ReturnType<typeof createTrpcClient>;

export function createTrpcClient(baseUrl = '') {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        maxItems: MAX_TRPC_BATCH,
        // docs/architecture.md#rest-api: every call sends the session cookie.
        fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      }),
    ],
  });
}

/** The server's message of a failed call, when there is one. */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof TRPCClientError && error.message ? error.message : undefined;
}

/** Field messages the server attached to a 400 or 409 (docs/architecture.md#errors). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
