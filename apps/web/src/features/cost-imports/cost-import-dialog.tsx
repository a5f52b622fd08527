import '../../mantine-styles/dialogs';
import {
  COST_IMPORT_FORMAT_LABELS,
  COST_IMPORT_FORMATS,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_TOO_LARGE_MESSAGE,
  type CostImportFormat,
  type CostImportPreview,
} from '@journey/contracts';
import { Button, FileInput, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DialogProps } from '../../components/entity-dialogs';
import { notifySuccess } from '../../components/notify';
import { formatMoney } from '../../lib/format';
import { CostImportList } from './cost-import-list';
import { CostImportPreviewSection } from './cost-import-preview';
import { usePreviewCostImport, useRunCostImport } from './use-cost-imports';

const FORMAT_OPTIONS = COST_IMPORT_FORMATS.map((value) => ({
  value,
  label: COST_IMPORT_FORMAT_LABELS[value],
}));

const costs = (count: number) => `${count} ${count === 1 ? 'cost' : 'costs'}`;

/**
 * 'Import CSV' of the Costs tab: format and file, a preview of what the import would do, then the
 * import; the past imports below, each with its undo (docs/decisions/082-experiment-money.md).
 */
export default function CostImportDialog(props: DialogProps) {
  const [format, setFormat] = useState<CostImportFormat>('generic');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<CostImportPreview | null>(null);
  const previewing = usePreviewCostImport();
  const importing = useRunCostImport();

  /** Any change of the inputs makes the shown preview stale. */
  const changed = () => {
    setPreview(null);
    setFileError(null);
  };

  const choose = async (chosen: File | null) => {
    changed();
    setFile(chosen);
    setCsv(null);
    if (!chosen) return;
    if (chosen.size > IMPORT_CSV_MAX_BYTES) return setFileError(IMPORT_TOO_LARGE_MESSAGE);
    setCsv(await chosen.text());
  };

  const runPreview = async () => {
    if (csv === null) return setFileError('Choose a CSV file first.');
    try {
      setPreview(await previewing.mutateAsync({ format, csv }));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The preview failed.');
    }
  };

  const runImport = async () => {
    if (csv === null) return;
    try {
      const result = await importing.mutateAsync({ format, csv });
      notifySuccess('Import complete', `${costs(result.added)} (${formatMoney(result.total)}) were added.`);
      setPreview(null);
      setFile(null);
      setCsv(null);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The import failed.');
    }
  };

  const canImport = preview !== null && preview.errors.length === 0 && preview.add > 0;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Import costs"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack>
        <NativeSelect
          label="Format"
          data={FORMAT_OPTIONS}
          value={format}
          onChange={(event) => {
            changed();
            setFormat(event.currentTarget.value as CostImportFormat);
          }}
        />
        <FileInput
          label="CSV file"
          placeholder="Choose the export"
          description="Amounts in USD only; the generic file has the columns date, amount, description, category, experiment."
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          error={fileError}
        />
        <Group>
          <Button variant="default" onClick={() => void runPreview()} loading={previewing.isPending}>
            Preview
          </Button>
        </Group>
        {preview && <CostImportPreviewSection preview={preview} />}
        <Group justify="flex-end">
          <Button disabled={!canImport} loading={importing.isPending} onClick={() => void runImport()}>
            {preview ? `Import ${costs(preview.add)}` : 'Import'}
          </Button>
        </Group>
        <Text component="h3" fw={600} size="md">
          Imports
        </Text>
        <CostImportList />
      </Stack>
    </Modal>
  );
}
