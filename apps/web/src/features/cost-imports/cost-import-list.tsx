import { COST_IMPORT_FORMAT_LABELS, type CostImport } from '@journey/contracts';
import { PastImports } from '../imports/import-list';
import { useCostImportList, useUndoCostImport } from './use-cost-imports';

/** "OpenAI", "Anthropic", "Generic": the format's label up to its explanation. */
const formatName = (item: CostImport) => COST_IMPORT_FORMAT_LABELS[item.format].replace(/ \(.*$/, '');

/** The past cost imports, each with its undo (docs/decisions/082-experiment-money.md): "OpenAI #3". */
export function CostImportList() {
  return (
    <PastImports
      imports={useCostImportList().data}
      undo={useUndoCostImport()}
      noun="costs"
      name={formatName}
      title={(item) => `${formatName(item)} #${item.id}`}
    />
  );
}
