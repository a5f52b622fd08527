import type { Experiment } from '@journey/contracts';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

// Only fetched once an admin opens an experiment's rules.
const RevenueRulesDialog = lazy(async () => ({
  default: (await import('./revenue-rules-dialog')).RevenueRulesDialog,
}));

/**
 * The experiments table's "Revenue rules" row action (docs/decisions/082-experiment-money.md): `button`
 * for each row, and the one `dialog` it opens, to render beside the table.
 */
export function useRevenueRulesAction() {
  const [shown, setShown] = useState<Experiment | null>(null);
  return {
    button: (experiment: Experiment) => (
      <Tooltip label="Revenue rules">
        <ActionIcon
          variant="subtle"
          aria-label={`Revenue rules of experiment ${experiment.title}`}
          onClick={() => setShown(experiment)}
        >
          <IconCoins size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    ),
    dialog: shown && (
      <Suspense fallback={null}>
        <RevenueRulesDialog experiment={shown} onClose={() => setShown(null)} />
      </Suspense>
    ),
  };
}
