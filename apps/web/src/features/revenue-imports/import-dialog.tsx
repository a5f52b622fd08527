import {
  IMPORT_PROVIDER_LABELS,
  IMPORT_PROVIDERS,
  REVENUE_SOURCE_LABELS,
  REVENUE_SOURCES,
  type ImportProvider,
  type RevenueSource,
} from '@journey/contracts';
import type { DialogProps } from '../../components/entity-dialogs';
import { formatMoney } from '../../lib/format';
import { CsvImportDialog, type ImportChoices } from '../imports/import-dialog';
import { ImportList } from './import-list';
import { ImportPreview } from './import-preview';
import { usePreviewImport, useRunImport } from './use-imports';

const CHOICES: ImportChoices<{ provider: ImportProvider; source: RevenueSource }> = {
  provider: {
    label: 'Provider',
    options: IMPORT_PROVIDERS.map((value) => ({ value, label: IMPORT_PROVIDER_LABELS[value] })),
    initial: 'stripe',
  },
  source: {
    label: 'Source',
    options: REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] })),
    initial: 'passive',
  },
};

/** "Import 3 entries", "Import 3 entries, correct 1", "Correct 2 entries". */
function importLabel(add: number, update: number): string {
  const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;
  if (update === 0) return `Import ${entries(add)}`;
  if (add === 0) return `Correct ${entries(update)}`;
  return `Import ${entries(add)}, correct ${update}`;
}

/** 'Import CSV': provider, source and file; its preview also lists the entries to correct. */
export default function ImportDialog(props: DialogProps) {
  return (
    <CsvImportDialog
      {...props}
      title="Import CSV"
      choices={CHOICES}
      placeholder="Choose the provider's export"
      previewing={usePreviewImport()}
      importing={useRunImport()}
      Preview={ImportPreview}
      action={(preview) => ({
        changes: preview.add + preview.update,
        label: importLabel(preview.add, preview.update),
      })}
      imported={(result) => {
        const corrected = result.corrected > 0 ? ` ${result.corrected} imported before were corrected.` : '';
        return `${result.added} entries (${formatMoney(result.total)}) were added.${corrected}`;
      }}
      list={<ImportList />}
    />
  );
}
