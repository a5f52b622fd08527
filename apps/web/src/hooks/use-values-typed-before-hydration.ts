import type { UseFormReturnType } from '@mantine/form';
import { useLayoutEffect, useRef } from 'react';

/**
 * For a form the server renders (/auth's sign-in): what was typed or ticked into its fields before the
 * page hydrated becomes the form's values (docs/decisions/053-mantine-css-in-ordered-layers.md). React
 * hydrates a field with the typed text still in it, then writes the form's own value ('') over it at the
 * next render; so, as the form mounts, each field that differs from the server's HTML hands its value to
 * the form. The fields are found by the `data-path` that @mantine/form's getInputProps gives them.
 * Returns the ref for the <form> element.
 */
export function useValuesTypedBeforeHydration<V>(form: UseFormReturnType<V>) {
  const element = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const fields = element.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
      'input[data-path], textarea[data-path]',
    );
    // The paths are read from the page, not known to the form's type.
    const setField = form.setFieldValue as (path: string, value: string | boolean) => void;
    for (const field of fields ?? []) {
      const path = field.dataset.path ?? '';
      if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
        if (field.checked !== field.defaultChecked) setField(path, field.checked);
      } else if (field.value !== field.defaultValue) setField(path, field.value);
    }
    // Once, as the form mounts: later typing reaches the form through its own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return element;
}
