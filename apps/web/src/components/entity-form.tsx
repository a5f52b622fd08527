import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import type { EntityFormProps } from './entity-dialogs';
import { SubmitRow } from './form-fields';
import { applyOutcome } from './submit-outcome';

/**
 * The frame of an entity form: no browser validation (the shared schema's messages show instead),
 * the fields stacked, Save at the end; a save resets the form, a refusal shows the server's field messages.
 */
export function EntityForm<V>(
  props: EntityFormProps<V> & { form: UseFormReturnType<V>; children: ReactNode },
) {
  return (
    <form noValidate onSubmit={props.form.onSubmit(applyOutcome(props.form, props.onSubmit))}>
      <Stack>
        {props.children}
        <SubmitRow pending={props.pending} />
      </Stack>
    </form>
  );
}
