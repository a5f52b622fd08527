import { registerFormSchema } from '@journey/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { notifySuccess } from '../../components/notify';
import { NewPasswordFields } from './new-password-fields';
import { useAuthForm } from './use-auth-form';
import { useRegister, useRegistrationStatus } from './use-auth';

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const { data: status } = useRegistrationStatus();
  const closed = status?.open === false;
  const form = useAuthForm({
    fields: ['username', 'email', 'password', 'confirmPassword'],
    schema: registerFormSchema,
    send: ({ confirmPassword: _confirm, ...values }) => register.mutateAsync(values),
    done: () => {
      notifySuccess('Registration successful', 'Your account has been created!');
      // Outside a data router navigation happens at once; its promise only settles a data router's.
      void navigate(paths.admin);
    },
    failure: ['Registration failed', 'Could not create account'],
  });

  return (
    <form noValidate action={form.action}>
      <Stack>
        {closed && (
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} title="Registration is closed">
            This site already has its admin. Sign in on the Login tab.
          </Alert>
        )}
        <fieldset disabled={closed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <TextInput label="Username" autoComplete="username" {...form.field('username')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.field('email')} />
            <NewPasswordFields
              input={form.field}
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
