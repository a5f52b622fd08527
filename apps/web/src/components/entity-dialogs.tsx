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

interface Save<I> {
  isPending: boolean;
  mutateAsync: (input: I) => Promise<unknown>;
}

/** An 'Add New …' dialog: the form saves through `create`, toasts, and closes once saved. */
export function CreateDialog<V>(
  props: DialogProps & {
    title: string;
    create: Save<V>;
    messages: SaveMessages;
    children: (form: EntityFormProps<V>) => ReactNode;
  },
) {
  const { create, messages, onClose } = props;
  return (
    <FormDialog title={props.title} opened={useOpenedAfterMount(props.opened)} onClose={onClose}>
      {props.children({
        pending: create.isPending,
        onSubmit: (values) => saveWithToasts(() => create.mutateAsync(values), messages, onClose),
      })}
    </FormDialog>
  );
}

/** An 'Edit …' dialog, open while there is a record; its form is built from the record each time. */
export function UpdateDialog<T extends { id: number }, V>(
  props: RecordDialogProps<T> & {
    title: string;
    update: Save<NoInfer<V> & { id: number }>;
    messages: SaveMessages;
    /** The record as its form shows it. */
    formValues: (record: T) => V;
    children: (form: EntityFormProps<V> & { initialValues: V }) => ReactNode;
  },
) {
  const { record, update, messages, onClose } = props;
  return (
    <FormDialog title={props.title} opened={record !== null} onClose={onClose}>
      {record && (
        <Fragment key={record.id}>
          {props.children({
            initialValues: props.formValues(record),
            pending: update.isPending,
            onSubmit: (values) =>
              saveWithToasts(() => update.mutateAsync({ ...values, id: record.id }), messages, onClose),
          })}
        </Fragment>
      )}
    </FormDialog>
  );
}
