import { COST_CATEGORY_LABELS, type CostImportPreview } from '@journey/contracts';
import { ImportPreviewSection } from '../imports/import-preview';

/** What the cost import would do: each row to add with its category, then the rows refused with their line. */
export function CostImportPreviewSection({ preview }: { preview: CostImportPreview }) {
  return (
    <ImportPreviewSection
      preview={preview}
      counts={[
        { label: 'Duplicates already imported', count: preview.duplicate },
        { label: 'Skipped (less than half a cent)', count: preview.skipped },
      ]}
      describedAs="Description (category)"
      describe={(row) => `${row.description} (${COST_CATEGORY_LABELS[row.category]})`}
      problems={{
        all: preview.errors.map((error) => ({ line: error.line, reason: error.message })),
        count: preview.errors.length,
        noun: 'rows in error',
      }}
    />
  );
}
