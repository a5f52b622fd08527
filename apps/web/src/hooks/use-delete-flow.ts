import { useRef, useState } from 'react';

/** What a delete confirmation may ask besides: the reason of a revenue entry's delete. */
export interface DeleteExtra {
  reason?: string;
}

/**
 * Delete through the one confirmation: remember the row, delete on confirm, then give focus back
 * to the table (the row that held it is gone). Delete failures show no message (docs/product.md#messages).
 */
export function useDeleteFlow<T extends { id: number }>(
  remove: (input: { id: number } & DeleteExtra) => Promise<unknown>,
) {
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  const confirmWith = async (extra: DeleteExtra) => {
    if (!target) return;
    setPending(true);
    try {
      await remove({ ...extra, id: target.id });
    } catch {
      // The spec shows nothing; the row simply stays.
    } finally {
      setPending(false);
      setTarget(null);
      tableRef.current?.focus();
    }
  };
  return {
    target,
    pending,
    tableRef,
    ask: setTarget,
    cancel: () => setTarget(null),
    confirm: () => confirmWith({}),
    /** With what the confirmation asked besides (a revenue entry's reason). */
    confirmWith,
  };
}
