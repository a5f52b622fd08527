import { Button, type ButtonProps } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { notifyError } from '../../components/notify';
import { serverMessage } from '../../lib/trpc';
import { usePasskeyLogin } from './use-passkey-login';
import { webauthnFailure } from './webauthn-errors';

/**
 * 'Sign in with a passkey': works without the autofill (conditional UI), and is the passkey's way in
 * after a password too (docs/decisions/087-passkeys.md).
 */
export function PasskeySignInButton(
  props: { label?: string; onSignedIn: () => void } & Pick<ButtonProps, 'variant' | 'size'>,
) {
  const passkey = usePasskeyLogin();
  const signIn = async () => {
    try {
      await passkey.signIn();
    } catch (error) {
      const message = serverMessage(error);
      notifyError('Login failed', message ?? `The passkey did not sign you in: ${webauthnFailure(error)}`);
      return;
    }
    props.onSignedIn();
  };
  return (
    <Button
      type="button"
      variant={props.variant ?? 'default'}
      size={props.size ?? 'md'}
      fullWidth
      leftSection={<IconFingerprint size={18} aria-hidden />}
      disabled={passkey.isPending}
      onClick={() => void signIn()}
    >
      {passkey.isPending ? 'Waiting for the passkey...' : (props.label ?? 'Sign in with a passkey')}
    </Button>
  );
}
