import { COST_IMPORT_FORMAT_LABELS, COST_IMPORT_FORMATS, type CostImportFormat } from '@journey/contracts';
import type { DialogProps } from '../../components/entity-dialogs';
import { formatMoney } from '../../lib/format';
import { CsvImportDialog, type ImportChoices } from '../imports/import-dialog';
import { CostImportList } from './cost-import-list';
import { CostImportPreviewSection } from './cost-import-preview';
import { usePreviewCostImport, useRunCostImport } from './use-cost-imports';

const CHOICES: ImportChoices<{ format: CostImportFormat }> = {
  format: {
    label: 'Format',
    options: COST_IMPORT_FORMATS.map((value) => ({ value, label: COST_IMPORT_FORMAT_LABELS[value] })),
    initial: 'generic',
  },
};

const costs = (count: number) => `${count} ${count === 1 ? 'cost' : 'costs'}`;

/** 'Import CSV' of the Costs tab: a billing export's format and file (docs/decisions/082-experiment-money.md). */
export default function CostImportDialog(props: DialogProps) {
  return (
    <CsvImportDialog
      {...props}
      title="Import costs"
      choices={CHOICES}
      placeholder="Choose the export"
      description="Amounts in USD only; the generic file has the columns date, amount, description, category, experiment."
      previewing={usePreviewCostImport()}
      importing={useRunCostImport()}
      Preview={CostImportPreviewSection}
      action={(preview) => ({ changes: preview.add, label: `Import ${costs(preview.add)}` })}
      imported={(result) => `${costs(result.added)} (${formatMoney(result.total)}) were added.`}
      list={<CostImportList />}
    />
  );
}
