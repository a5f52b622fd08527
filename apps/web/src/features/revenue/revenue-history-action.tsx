import type { RevenueSnapshot } from '@journey/contracts';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// Only fetched once an admin opens a history.
const RevenueHistoryDialog = lazy(async () => ({
  default: (await import('./revenue-history-dialog')).RevenueHistoryDialog,
}));

/** What a history is opened for: a row of the table, or a deleted entry's last values. */
export type RevenueRow = RevenueSnapshot & { id: number };

/**
 * The revenue table's "History" row action (docs/decisions/043-correction-ledger.md): `button` for
 * each row, and the one `dialog` it opens, to render beside the table.
 */
export function useRevenueHistoryAction(rowLabel: (revenue: RevenueRow) => string) {
  const [shown, setShown] = useState<RevenueRow | null>(null);
  return {
    button: (revenue: RevenueRow) => (
      <Tooltip label="History">
        <ActionIcon
          variant="subtle"
          aria-label={`History of revenue entry ${rowLabel(revenue)}`}
          onClick={() => setShown(revenue)}
        >
          <IconHistory size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ),
    dialog: shown && (
      <Suspense fallback={null}>
        <RevenueHistoryDialog
          revenue={shown}
          label={`revenue entry ${rowLabel(shown)}`}
          onClose={() => setShown(null)}
        />
      </Suspense>
    ),
  };
}
