/** A tRPC mutation procedure, as far as these hooks use it. */
interface MutationProcedure<Result> {
  useMutation: (options: { onSuccess: () => Promise<unknown> }) => Result;
}

/**
 * The create, update and delete hooks of one entity's router: each refreshes, once it succeeds,
 * the queries that `useInvalidate` names (those that show the entity).
 */
export function entityMutations<Create, Update, Delete>(
  router: {
    create: MutationProcedure<Create>;
    update: MutationProcedure<Update>;
    delete: MutationProcedure<Delete>;
  },
  useInvalidate: () => () => Promise<unknown>,
) {
  return {
    useCreate: () => router.create.useMutation({ onSuccess: useInvalidate() }),
    useUpdate: () => router.update.useMutation({ onSuccess: useInvalidate() }),
    useDelete: () => router.delete.useMutation({ onSuccess: useInvalidate() }),
  };
}
