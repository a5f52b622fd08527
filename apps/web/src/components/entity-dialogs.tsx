import { Fragment, type ReactNode } from 'react';
import { useOpenedAfterMount } from '../hooks/on-demand';
import { FormDialog } from './form-dialog';
import { saveWithToasts, type SaveMessages, type SubmitOutcome } from './submit-outcome';

/** What a create dialog gets from the button that fetches it. */
export interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/** What an edit dialog gets from its table: the record to edit, or null while closed. */
export interface RecordDialogProps<T> {
  record: T | null;
  onClose: () => void;
}

/** What every entity form gets from its dialog. */
export interface EntityFormProps<V> {
  pending: boolean;
  onSubmit: (values: V) => Promise<SubmitOutcome>;
}

/** A dialog's title and the toasts of its save. */
export type DialogTexts = SaveMessages & { title: string };

/** 'Add New Revenue', 'Revenue added', '… adding your revenue entry.': `entity` titles, `noun` reads in a sentence. */
export const createTexts = (entity: string, noun: string): DialogTexts => ({
  title: `Add New ${entity}`,
  success: `${entity} added`,
  failure: `There was a problem adding your ${noun}.`,
});

/** 'Edit Revenue', 'Revenue updated', '… updating your revenue entry.' */
export const updateTexts = (entity: string, noun: string): DialogTexts => ({
  title: `Edit ${entity}`,
  success: `${entity} updated`,
  failure: `There was a problem updating your ${noun}.`,
});

interface Save<I> {
  isPending: boolean;
  mutateAsync: (input: I) => Promise<unknown>;
}

/** An 'Add New …' dialog: the form saves through `create`, toasts, and closes once saved. */
export function CreateDialog<V>(
  props: DialogProps & {
    texts: DialogTexts;
    create: Save<V>;
    children: (form: EntityFormProps<V>) => ReactNode;
  },
) {
  const { create, texts, onClose } = props;
  return (
    <FormDialog title={texts.title} opened={useOpenedAfterMount(props.opened)} onClose={onClose}>
      {props.children({
        pending: create.isPending,
        onSubmit: (values) => saveWithToasts(() => create.mutateAsync(values), texts, onClose),
      })}
    </FormDialog>
  );
}

/** An 'Edit …' dialog, open while there is a record; its form is built from the record each time. */
export function UpdateDialog<T extends { id: number }, V>(
  props: RecordDialogProps<T> & {
    texts: DialogTexts;
    update: Save<NoInfer<V> & { id: number }>;
    /** The record as its form shows it. */
    formValues: (record: T) => V;
    children: (form: EntityFormProps<V> & { initialValues: V }) => ReactNode;
  },
) {
  const { record, update, texts, onClose } = props;
  return (
    <FormDialog title={texts.title} opened={record !== null} onClose={onClose}>
      {record && (
        <Fragment key={record.id}>
          {props.children({
            initialValues: props.formValues(record),
            pending: update.isPending,
            onSubmit: (values) =>
              saveWithToasts(() => update.mutateAsync({ ...values, id: record.id }), texts, onClose),
          })}
        </Fragment>
      )}
    </FormDialog>
  );
}
