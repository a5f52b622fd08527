import '../../mantine-styles/dialogs';
import {
  IMPORT_CSV_MAX_BYTES,
  IMPORT_PROVIDER_LABELS,
  IMPORT_PROVIDERS,
  IMPORT_TOO_LARGE_MESSAGE,
  REVENUE_SOURCE_LABELS,
  REVENUE_SOURCES,
  type ImportProvider,
  type RevenueImportPreview,
  type RevenueSource,
} from '@journey/contracts';
import { Button, FileInput, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { DialogProps } from '../../components/entity-dialogs';
import { notifySuccess } from '../../components/notify';
import { formatMoney } from '../../lib/format';
import { ImportList } from './import-list';
import { ImportPreview } from './import-preview';
import { usePreviewImport, useRunImport } from './use-imports';

const PROVIDER_OPTIONS = IMPORT_PROVIDERS.map((value) => ({ value, label: IMPORT_PROVIDER_LABELS[value] }));
const SOURCE_OPTIONS = REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] }));

/** A labelled native select of a few fixed values. */
function Choice<T extends string>(props: {
  label: string;
  options: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <NativeSelect
      label={props.label}
      data={props.options}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value as T)}
    />
  );
}

/** "Import 3 entries", "Import 3 entries, correct 1", "Correct 2 entries". */
function importLabel(add: number, update: number): string {
  const entries = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;
  if (update === 0) return `Import ${entries(add)}`;
  if (add === 0) return `Correct ${entries(update)}`;
  return `Import ${entries(add)}, correct ${update}`;
}

/**
 * 'Import CSV': provider, source and file, a preview of what the import would do, then the import;
 * the past imports below, each with its undo (docs/decisions/044-provider-imports.md).
 */
export default function ImportDialog(props: DialogProps) {
  const [provider, setProvider] = useState<ImportProvider>('stripe');
  const [source, setSource] = useState<RevenueSource>('passive');
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<RevenueImportPreview | null>(null);
  const previewing = usePreviewImport();
  const importing = useRunImport();

  /** Any change of the inputs makes the shown preview stale. */
  const changed = () => {
    setPreview(null);
    setFileError(null);
  };

  /** A setter that also drops the preview. */
  const staling =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      changed();
      set(value);
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
      setPreview(await previewing.mutateAsync({ provider, source, csv }));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The preview failed.');
    }
  };

  const runImport = async () => {
    if (csv === null) return;
    try {
      const result = await importing.mutateAsync({ provider, source, csv });
      const corrected = result.corrected > 0 ? ` ${result.corrected} imported before were corrected.` : '';
      notifySuccess(
        'Import complete',
        `${result.added} entries (${formatMoney(result.total)}) were added.${corrected}`,
      );
      setPreview(null);
      setFile(null);
      setCsv(null);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The import failed.');
    }
  };

  const canImport = preview !== null && preview.errors.length === 0 && preview.add + preview.update > 0;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Import CSV"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack>
        <Choice
          label="Provider"
          options={PROVIDER_OPTIONS}
          value={provider}
          onChange={staling(setProvider)}
        />
        <Choice label="Source" options={SOURCE_OPTIONS} value={source} onChange={staling(setSource)} />
        <FileInput
          label="CSV file"
          placeholder="Choose the provider's export"
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
        {preview && <ImportPreview preview={preview} />}
        <Group justify="flex-end">
          <Button disabled={!canImport} loading={importing.isPending} onClick={() => void runImport()}>
            {preview ? importLabel(preview.add, preview.update) : 'Import'}
          </Button>
        </Group>
        <Text component="h3" fw={600} size="md">
          Imports
        </Text>
        <ImportList />
      </Stack>
    </Modal>
  );
}
