// Only loaded on demand: the NativeSelect's chevron is styled by the Combobox CSS (mantine-styles/admin.ts).
import type { Cost, CostCategory, CostPageRequest } from '@journey/contracts';
import { COST_CATEGORIES, COST_CATEGORY_LABELS, COST_PAGE_DEFAULTS } from '@journey/contracts/constants';
import { Group, NativeSelect } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { formatDate, formatMoney } from '../../lib/format';
import { CostImportButton } from '../cost-imports/cost-import-button';
import { useHistoryAction } from '../entry-history/history-action';
import { COST_HISTORY, costRowLabel } from './cost-history';
import { CreateCostButton } from './create-cost-button';
import { DeletedCostList } from './deleted-cost-list';
import { UpdateCostDialog } from './update-cost-dialog';
import { useCostPage, useDeleteCost, useExperimentTitle } from './use-costs';

const ALL = 'all';

/** The Costs tab (docs/decisions/082-experiment-money.md): typed and imported costs, in USD. */
export function CostTable() {
  const [category, setCategory] = useState<CostCategory | typeof ALL>(ALL);
  const experimentTitle = useExperimentTitle();
  const history = useHistoryAction(COST_HISTORY, costRowLabel);
  const columns = useMemo<Column<Cost, CostPageRequest['sort']>[]>(
    () => [
      { label: 'Date', sort: 'date', render: (c) => formatDate(c.date) },
      { label: 'Amount', sort: 'amount', align: 'right', render: (c) => formatMoney(c.amount) },
      { label: 'Category', sort: 'category', render: (c) => COST_CATEGORY_LABELS[c.category] },
      { label: 'Description', sort: 'description', render: (c) => c.description },
      { label: 'Experiment', render: (c) => experimentTitle(c.experimentId) },
    ],
    [experimentTitle],
  );
  return (
    <>
      <EntityTable
        caption="Costs"
        noun="cost"
        columns={columns}
        defaultSort={COST_PAGE_DEFAULTS}
        filter={category === ALL ? {} : { category }}
        usePage={useCostPage}
        useDelete={useDeleteCost}
        // An edit and a delete ask why, as a revenue entry's do (docs/decisions/084-ledger-commitments.md).
        deleteReason
        rowActions={history.button}
        rowLabel={costRowLabel}
        emptyText="No costs yet. Add the first one or import a billing export."
        toolbar={
          <Group gap="sm" wrap="wrap" justify="flex-end">
            <NativeSelect
              label="Category"
              aria-label="Show costs by category"
              value={category}
              onChange={(event) => setCategory(event.currentTarget.value as CostCategory | typeof ALL)}
              data={[
                { value: ALL, label: 'All' },
                ...COST_CATEGORIES.map((value) => ({ value, label: COST_CATEGORY_LABELS[value] })),
              ]}
              styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
            />
            <CostImportButton />
            <CreateCostButton />
          </Group>
        }
        UpdateDialog={UpdateCostDialog}
      />
      <DeletedCostList historyButton={history.button} />
      {history.dialog}
    </>
  );
}
