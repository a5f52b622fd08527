import { loginInput, type LoginInput } from '@journey/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { useValuesTypedBeforeHydration } from '../../hooks/use-values-typed-before-hydration';
import { paths } from '../../app/paths';
import { useSite } from '../../app/site-context';
import { notifyError, notifySuccess } from '../../components/notify';
import { requiredInput } from '../../components/form-fields';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { useLogin } from './use-auth';

export function LoginForm() {
  const { productName } = useSite();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(loginInput, { sync: true }),
  });

  const formElement = useValuesTypedBeforeHydration(form);

  return (
    <form
      ref={formElement}
      noValidate
      onSubmit={form.onSubmit(async (values) => {
        try {
          await login.mutateAsync(values);
          notifySuccess('Login successful', `Welcome to the ${productName} admin panel!`);
          navigate(paths.admin);
        } catch (error) {
          form.setErrors(serverFieldErrors(error));
          notifyError('Login failed', serverMessage(error) ?? 'Invalid username or password');
        }
      })}
    >
      <Stack>
        <TextInput label="Username" autoComplete="username" {...requiredInput(form, 'username')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...requiredInput(form, 'password')}
        />
        <Button type="submit" size="md" disabled={login.isPending} fullWidth>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </Stack>
    </form>
  );
}
