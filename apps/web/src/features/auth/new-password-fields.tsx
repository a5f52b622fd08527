import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { requiredInput } from '../../components/form-fields';

/**
 * A new password and its confirmation, both required and marked as new, so a password manager offers
 * to make one up and to save it.
 */
export function NewPasswordFields<V>(props: {
  form: UseFormReturnType<V>;
  /** The password's field in the form, and its label. */
  password: [path: string & keyof V, label: string];
  /** The confirmation's field and label. */
  confirm: [path: string & keyof V, label: string];
}) {
  return (
    <>
      {[props.password, props.confirm].map(([path, label]) => (
        <PasswordInput
          key={path}
          label={label}
          autoComplete="new-password"
          {...requiredInput(props.form, path)}
        />
      ))}
    </>
  );
}
