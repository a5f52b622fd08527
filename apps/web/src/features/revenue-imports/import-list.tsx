import { IMPORT_PROVIDER_NAMES, REVENUE_SOURCE_SHORT_LABELS, type RevenueImport } from '@journey/contracts';
import { PastImports } from '../imports/import-list';
import { useImportList, useUndoImport } from './use-imports';

const providerName = (item: RevenueImport) => IMPORT_PROVIDER_NAMES[item.provider];

/** The past provider imports, each with its undo: "Stripe #3 (Passive)". */
export function ImportList() {
  return (
    <PastImports
      imports={useImportList().data}
      undo={useUndoImport()}
      noun="entries"
      name={providerName}
      title={(item) => `${providerName(item)} #${item.id} (${REVENUE_SOURCE_SHORT_LABELS[item.source]})`}
    />
  );
}
