import { useEffect, useRef, useState } from 'react';

/** What a delete confirmation may ask besides: the reason of a revenue entry's delete. */
export interface DeleteExtra {
  reason?: string;
}

/** Where the focus goes once a delete has run: the first of `ids` whose Delete button is still there. */
interface Refocus {
  ids: number[];
  /** The row that was deleted (null when the delete failed): wait until the list no longer shows it. */
  gone: number | null;
}

/**
 * Delete through the one confirmation: remember the row, delete on confirm. The row that held the
 * focus is gone, so the focus moves to the next row's Delete, else the previous row's, else the add
 * button beside the table (`data-create-button`), else the table itself (focusable by script); a failed delete leaves it on
 * the row's own (docs/decisions/060-admin-onboarding-and-honest-dates.md). Delete failures show no
 * message (docs/product.md#messages). Delete buttons carry `data-delete-id`.
 */
export function useDeleteFlow<T extends { id: number }>(
  remove: (input: { id: number } & DeleteExtra) => Promise<unknown>,
  /** The rows as shown, in order. */
  rows?: readonly T[],
) {
  const [target, setTarget] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [refocus, setRefocus] = useState<Refocus | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  /** The refocus already done: each delete moves the focus once. */
  const refocused = useRef<Refocus | null>(null);

  const confirmWith = async (extra: DeleteExtra) => {
    if (!target) return;
    const order = rows?.map((row) => row.id) ?? [];
    const index = order.indexOf(target.id);
    const after = index < 0 ? [] : order.slice(index + 1);
    const before = index < 0 ? [] : order.slice(0, index).reverse();
    setPending(true);
    let deleted = false;
    try {
      await remove({ ...extra, id: target.id });
      deleted = true;
    } catch {
      // The spec shows nothing; the row simply stays.
    } finally {
      setPending(false);
      setTarget(null);
      setRefocus({ ids: [target.id, ...after, ...before], gone: deleted ? target.id : null });
    }
  };

  const stillShown = refocus?.gone != null && rows?.some((row) => row.id === refocus.gone);
  useEffect(() => {
    // The refetched list may reach the table a moment after the delete answered: wait for it.
    if (!refocus || stillShown || refocused.current === refocus) return;
    refocused.current = refocus;
    const table = tableRef.current;
    const button = refocus.ids
      .map((id) => table?.querySelector<HTMLElement>(`[data-delete-id="${id}"]`))
      .find((found) => found);
    const add = table?.parentElement?.querySelector<HTMLElement>('[data-create-button]');
    (button ?? add ?? table?.querySelector<HTMLElement>('table') ?? table)?.focus();
  }, [refocus, stillShown]);

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
