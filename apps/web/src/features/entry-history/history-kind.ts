/**
 * What the shared history parts need to know of one kind of row with a history (a revenue entry, a
 * cost: docs/decisions/043-correction-ledger.md, 084-ledger-commitments.md), so that both show their
 * changes, undo and 'Recently deleted' the same way. `S` is the row's values as a change records them.
 */

/** One recorded create, update or delete of a row (an undo is one of them, with `undoOf`). */
export interface HistoryChange<S> {
  id: number;
  action: 'create' | 'update' | 'delete';
  before: S | null;
  after: S | null;
  reason: string | null;
  undoOf: number | null;
  changedAt: string;
}

/** What a history is opened for: a row of the table, or a deleted row's last values. */
export type HistoryRow<S> = S & { id: number };

/** A row deleted by hand, as 'Recently deleted' lists it. */
export type DeletedRow<S> = HistoryRow<S> & { deletedAt: string; reason: string | null };

/**
 * One field a change lists as "Label: old → new". Methods, not function properties: a field of a
 * revenue snapshot then stands where the shared parts expect a field of any snapshot.
 */
export interface HistoryField<S> {
  label: string;
  /** The raw value, compared to find which fields a change changed. */
  of(values: S): unknown;
  /** The value in words. */
  shown(values: S): string;
}

/**
 * The field maker of one snapshot type: `field('amount', 'Amount', formatMoney)` is the field `amount`,
 * labelled 'Amount' and put in words by `formatMoney` (curried, so that `K` is inferred from the key).
 */
export const historyFieldOf =
  <S>() =>
  <K extends keyof S>(key: K, label: string, shown: (value: S[K]) => string): HistoryField<S> => ({
    label,
    of: (values) => values[key],
    shown: (values) => shown(values[key]),
  });

export interface HistoryQuery<S> {
  data?: { changes: readonly HistoryChange<S>[] };
  isPending: boolean;
  isError: boolean;
}

export interface UndoMutation {
  isPending: boolean;
  mutateAsync(input: { id: number; reason?: string }): Promise<unknown>;
}

export interface EntryHistoryKind<S> {
  /** Names one row in the History button and the dialog's title: 'revenue entry', 'cost'. */
  noun: string;
  /** What the dialog says of a row with no recorded change. */
  noChanges: string;
  /** The row's changes, newest first, fetched while its dialog is open (`id` null: closed). */
  useHistory(id: number | null): HistoryQuery<S>;
  /** Reverts the row's newest change; its success refreshes what the row's writes refresh. */
  useUndo(): UndoMutation;
  /** The fields a change lists, in order; a hook, as a cost names its experiment by a title it loads. */
  useFields(): readonly HistoryField<S>[];
}
