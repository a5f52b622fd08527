import { loginInput } from '@journey/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-context';
import { notifySuccess } from '../../components/notify';
import { useAuthForm } from './use-auth-form';
import { useLogin } from './use-auth';

export function LoginForm() {
  const { productName } = useSite();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useAuthForm({
    fields: ['username', 'password'],
    schema: loginInput,
    send: (values) => login.mutateAsync(values),
    done: () => {
      notifySuccess('Login successful', `Welcome to the ${productName} admin panel!`);
      // Outside a data router navigation happens at once; its promise only settles a data router's.
      void navigate(paths.admin);
    },
    failure: ['Login failed', 'Invalid username or password'],
  });

  return (
    <form noValidate action={form.action}>
      <Stack>
        <TextInput label="Username" autoComplete="username" {...form.field('username')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" size="md" disabled={login.isPending} fullWidth>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
