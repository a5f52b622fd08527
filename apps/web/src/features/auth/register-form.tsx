import { registerFormSchema, type RegisterFormValues } from '@journey/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useValuesTypedBeforeHydration } from '../../hooks/use-values-typed-before-hydration';
import { paths } from '../../app/paths';
import { notifyError, notifySuccess } from '../../components/notify';
import { requiredInput } from '../../components/form-fields';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { NewPasswordFields } from './new-password-fields';
import { useRegister, useRegistrationStatus } from './use-auth';

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const { data: status } = useRegistrationStatus();
  const closed = status?.open === false;
  const form = useForm<RegisterFormValues>({
    initialValues: { username: '', email: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });

  const formElement = useValuesTypedBeforeHydration(form);

  return (
    <form
      ref={formElement}
      noValidate
      onSubmit={form.onSubmit(async ({ confirmPassword: _confirm, ...values }) => {
        try {
          await register.mutateAsync(values);
          notifySuccess('Registration successful', 'Your account has been created!');
          navigate(paths.admin);
        } catch (error) {
          form.setErrors(serverFieldErrors(error));
          notifyError('Registration failed', serverMessage(error) ?? 'Could not create account');
        }
      })}
    >
      <Stack>
        {closed && (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title="Registration is closed">
            This site already has its admin. Sign in on the Login tab.
          </Alert>
        )}
        <fieldset disabled={closed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <TextInput label="Username" autoComplete="username" {...requiredInput(form, 'username')} />
            <TextInput label="Email" type="email" autoComplete="email" {...requiredInput(form, 'email')} />
            <NewPasswordFields
              form={form}
              password={['password', 'Password']}
              confirm={['confirmPassword', 'Confirm Password']}
            />
            <Button type="submit" size="md" disabled={closed || register.isPending} fullWidth>
              {register.isPending ? 'Creating account...' : 'Create Account'}
            </Button>
          </Stack>
        </fieldset>
      </Stack>
    </form>
  );
}
