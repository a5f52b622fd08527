import { useRefreshAfterWrite, type Table } from '../lib/table-readers';

/** A tRPC mutation procedure, as far as these hooks use it. */
interface MutationProcedure<Result> {
  useMutation: (options: { onSuccess: () => Promise<unknown> }) => Result;
}

/**
 * The create, update and delete hooks of one entity's router: each refreshes, once it succeeds,
 * every read of `table` (lib/table-readers.ts).
 */
export function entityMutations<Create, Update, Delete>(
  router: {
    create: MutationProcedure<Create>;
    update: MutationProcedure<Update>;
    delete: MutationProcedure<Delete>;
  },
  table: Table,
) {
  return {
    useCreate: () => router.create.useMutation({ onSuccess: useRefreshAfterWrite(table) }),
    useUpdate: () => router.update.useMutation({ onSuccess: useRefreshAfterWrite(table) }),
    useDelete: () => router.delete.useMutation({ onSuccess: useRefreshAfterWrite(table) }),
  };
}
