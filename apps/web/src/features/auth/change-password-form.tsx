import { changePasswordFormSchema, type ChangePasswordFormValues } from '@journey/contracts';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifyError, notifySuccess } from '../../components/notify';
import { requiredInput, SubmitRow } from '../../components/form-fields';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { NewPasswordFields } from './new-password-fields';
import { useChangePassword } from './use-auth';

const emptyForm = (): ChangePasswordFormValues => ({
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
});

/**
 * Current, new and repeated password. A wrong current password is the server's field message under
 * its field; anything else the server says (too many attempts, a failure) is the destructive toast.
 */
export function ChangePasswordForm(props: { onDone: () => void; onCancel: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormValues>({
    initialValues: emptyForm(),
    validate: schemaResolver(changePasswordFormSchema, { sync: true }),
  });

  const submit = async ({ confirmPassword: _confirm, ...input }: ChangePasswordFormValues) => {
    try {
      await change.mutateAsync(input);
    } catch (error) {
      const errors = serverFieldErrors(error);
      form.setErrors(errors);
      if (Object.keys(errors).length === 0) {
        notifyError('Error', serverMessage(error) ?? 'There was a problem changing your password.');
      }
      return;
    }
    form.reset();
    notifySuccess('Password changed', 'Other sessions have been signed out.');
    props.onDone();
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...requiredInput(form, 'currentPassword')}
        />
        <NewPasswordFields
          input={(path) => requiredInput(form, path)}
          password={['newPassword', 'New password']}
          confirm={['confirmPassword', 'Confirm new password']}
        />
        <SubmitRow pending={change.isPending} label="Change password">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
        </SubmitRow>
      </Stack>
    </form>
  );
}

export default ChangePasswordForm;
