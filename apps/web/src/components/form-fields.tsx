import { Button, Group, Textarea, type TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';

/** The submit button at a form's end, after whatever else sits beside it (a Cancel button). */
export function SubmitRow(props: { pending: boolean; label?: string; children?: ReactNode }) {
  return (
    <Group justify="flex-end">
      {props.children}
      <Button type="submit" disabled={props.pending}>
        {props.pending ? 'Saving...' : (props.label ?? 'Save')}
      </Button>
    </Group>
  );
}

/** A required field's props: the asterisk, then the form's value, handlers and error for `path`. */
export function requiredInput<V>(form: UseFormReturnType<V>, path: string & keyof V) {
  return { withAsterisk: true, ...form.getInputProps(path) };
}

/** The required, growing Description field of the entity forms. */
export function DescriptionField(props: Omit<TextareaProps, 'label'>) {
  return <Textarea label="Description" withAsterisk autosize {...props} />;
}
