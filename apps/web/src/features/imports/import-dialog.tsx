import '../../mantine-styles/dialogs';
import { IMPORT_CSV_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type ImportLine } from '@journey/contracts';
import { Button, FileInput, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import type { DialogProps } from '../../components/entity-dialogs';
import { notifySuccess } from '../../components/notify';
import type { ImportMutation } from './use-imports';

/** One of the dialog's selects (provider, source, format): a few fixed values and the one chosen first. */
export interface ImportChoice<T extends string> {
  label: string;
  options: { value: T; label: string }[];
  initial: T;
}

/** The choices above the file, one per field of the request. */
export type ImportChoices<Chosen extends Record<string, string>> = {
  [K in keyof Chosen]: ImportChoice<Chosen[K]>;
};

/**
 * A CSV import's dialog: the `choices` and the file, a preview of what the import would do, then the
 * import; the past imports (`list`) below, each with its undo (docs/decisions/044-provider-imports.md).
 * `action` says what importing a preview would change (nothing: the button is disabled) and the
 * button's label; `imported` the toast's text once done.
 */
export function CsvImportDialog<
  Chosen extends Record<string, string>,
  Preview extends { errors: ImportLine[] },
  Stored,
>(
  props: DialogProps & {
    title: string;
    choices: ImportChoices<Chosen>;
    placeholder: string;
    description?: string;
    previewing: ImportMutation<Chosen & { csv: string }, Preview>;
    importing: ImportMutation<Chosen & { csv: string }, Stored>;
    Preview: ComponentType<{ preview: Preview }>;
    action: (preview: Preview) => { changes: number; label: string };
    imported: (result: Stored) => string;
    list: ReactNode;
  },
) {
  const { previewing, importing } = props;
  const [chosen, setChosen] = useState(
    () =>
      Object.fromEntries(
        Object.entries<ImportChoice<string>>(props.choices).map(([key, choice]) => [key, choice.initial]),
      ) as Chosen,
  );
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);

  /** Any change of the inputs makes the shown preview stale. */
  const changed = () => {
    setPreview(null);
    setFileError(null);
  };

  const choose = async (chosenFile: File | null) => {
    changed();
    setFile(chosenFile);
    setCsv(null);
    if (!chosenFile) return;
    if (chosenFile.size > IMPORT_CSV_MAX_BYTES) return setFileError(IMPORT_TOO_LARGE_MESSAGE);
    setCsv(await chosenFile.text());
  };

  const runPreview = async () => {
    if (csv === null) return setFileError('Choose a CSV file first.');
    try {
      setPreview(await previewing.mutateAsync({ ...chosen, csv }));
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The preview failed.');
    }
  };

  const runImport = async () => {
    if (csv === null) return;
    try {
      notifySuccess('Import complete', props.imported(await importing.mutateAsync({ ...chosen, csv })));
      setPreview(null);
      setFile(null);
      setCsv(null);
    } catch (error) {
      setFileError(error instanceof Error ? error.message : 'The import failed.');
    }
  };

  const action = preview ? props.action(preview) : null;
  const canImport = preview !== null && preview.errors.length === 0 && action !== null && action.changes > 0;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack>
        {Object.entries<ImportChoice<string>>(props.choices).map(([key, choice]) => (
          <NativeSelect
            key={key}
            label={choice.label}
            data={choice.options}
            value={chosen[key]}
            onChange={(event) => {
              changed();
              setChosen({ ...chosen, [key]: event.currentTarget.value });
            }}
          />
        ))}
        <FileInput
          label="CSV file"
          placeholder={props.placeholder}
          description={props.description}
          accept=".csv,text/csv"
          value={file}
          onChange={(chosenFile) => void choose(chosenFile)}
          error={fileError}
        />
        <Group>
          <Button variant="default" onClick={() => void runPreview()} loading={previewing.isPending}>
            Preview
          </Button>
        </Group>
        {preview && <props.Preview preview={preview} />}
        <Group justify="flex-end">
          <Button disabled={!canImport} loading={importing.isPending} onClick={() => void runImport()}>
            {action ? action.label : 'Import'}
          </Button>
        </Group>
        <Text component="h3" fw={600} size="md">
          Imports
        </Text>
        {props.list}
      </Stack>
    </Modal>
  );
}
