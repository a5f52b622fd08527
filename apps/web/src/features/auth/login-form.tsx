import { loginInput, needsSecondFactor, type SecondFactorChallenge } from '@journey/contracts';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-context';
import { notifySuccess } from '../../components/notify';
import { PasskeySignInButton } from '../passkeys/passkey-sign-in-button';
import { useConditionalPasskeyLogin } from '../passkeys/use-passkey-login';
import { SecondFactorForm } from './second-factor-form';
import { useAuthForm } from './use-auth-form';
import { useLogin } from './use-auth';

/**
 * The Login tab: the password, then, for an account with a second factor, its code
 * (docs/decisions/086-one-time-codes.md). Either way the signed-in owner is greeted and goes to /admin.
 */
export function LoginForm() {
  const { productName } = useSite();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const signedIn = () => {
    notifySuccess('Login successful', `Welcome to the ${productName} admin panel!`);
    // Outside a data router navigation happens at once; its promise only settles a data router's.
    void navigate(paths.admin);
  };

  if (challenge)
    return (
      <SecondFactorForm
        methods={challenge.methods}
        onSignedIn={signedIn}
        onStartOver={() => setChallenge(null)}
      />
    );
  return <PasswordStep onSignedIn={signedIn} onSecondFactor={setChallenge} />;
}

function PasswordStep(props: {
  onSignedIn: () => void;
  onSecondFactor: (challenge: SecondFactorChallenge) => void;
}) {
  const login = useLogin();
  const form = useAuthForm({
    fields: ['username', 'password'],
    schema: loginInput,
    send: (values) => login.mutateAsync(values),
    done: (answer) => (needsSecondFactor(answer) ? props.onSecondFactor(answer) : props.onSignedIn()),
    failure: ['Login failed', 'Invalid username or password'],
  });
  // The account's passkeys offered in the username field's autofill (docs/decisions/087-passkeys.md).
  useConditionalPasskeyLogin(props.onSignedIn);

  return (
    <form noValidate action={form.action}>
      <Stack>
        <TextInput label="Username" autoComplete="username webauthn" {...form.field('username')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.field('password')} />
        <Button type="submit" size="md" disabled={login.isPending} fullWidth>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
        <PasskeySignInButton onSignedIn={props.onSignedIn} />
      </Stack>
    </form>
  );
}
