import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { EntryHistoryKind, HistoryRow } from './history-kind';

// Only fetched once an admin opens a history.
const HistoryDialog = lazy(() => import('./history-dialog'));

/**
 * A table's "History" row action (docs/decisions/043-correction-ledger.md): `button` for each row (and
 * each 'Recently deleted' one), and the one `dialog` it opens, to render beside the table.
 */
export function useHistoryAction<S>(kind: EntryHistoryKind<S>, rowLabel: (row: HistoryRow<S>) => string) {
  const [shown, setShown] = useState<HistoryRow<S> | null>(null);
  return {
    button: (row: HistoryRow<S>) => (
      <Tooltip label="History">
        <ActionIcon
          variant="subtle"
          aria-label={`History of ${kind.noun} ${rowLabel(row)}`}
          onClick={() => setShown(row)}
        >
          <IconHistory size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ),
    dialog: shown && (
      <Suspense fallback={null}>
        <HistoryDialog
          kind={kind}
          id={shown.id}
          label={`${kind.noun} ${rowLabel(shown)}`}
          onClose={() => setShown(null)}
        />
      </Suspense>
    ),
  };
}
