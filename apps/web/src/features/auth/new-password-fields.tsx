import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A new password and its confirmation, both required and marked as new, so a password manager offers
 * to make one up and to save it. `input` gives a field's props (value or default, handlers, error).
 */
export function NewPasswordFields<Path extends string>(props: {
  input: (path: Path) => PasswordInputProps;
  /** The password's field in the form, and its label. */
  password: [path: Path, label: string];
  /** The confirmation's field and label. */
  confirm: [path: Path, label: string];
}) {
  return (
    <>
      {[props.password, props.confirm].map(([path, label]) => (
        <PasswordInput key={path} label={label} autoComplete="new-password" {...props.input(path)} />
      ))}
    </>
  );
}
