import { secondFactorInput, TOTP_DIGITS, type SecondFactorMethod } from '@journey/contracts';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PasskeySignInButton } from '../passkeys/passkey-sign-in-button';
import { useAuthForm } from './use-auth-form';
import { useSecondFactorLogin } from './use-auth';

const HINTS = {
  totp: `Open your authenticator app and enter the ${TOTP_DIGITS}-digit code it shows for this site.`,
  recovery:
    'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each works once.',
} as const;

/**
 * The sign-in's second step (docs/decisions/086-one-time-codes.md): the code from the authenticator
 * app, or a recovery code instead. The server holds the password's success for five minutes; after
 * that, or to use another account, 'Start over' goes back to the password.
 */
export function SecondFactorForm(props: {
  methods: readonly SecondFactorMethod[];
  onSignedIn: () => void;
  onStartOver: () => void;
}) {
  const canUseApp = props.methods.includes('totp');
  const canUseRecovery = props.methods.includes('recovery');
  const canUsePasskey = props.methods.includes('passkey');
  // A passkey completes this sign-in as a code does (docs/decisions/087-passkeys.md).
  const passkeyOnly = canUsePasskey && !canUseApp && !canUseRecovery;
  const passkey = canUsePasskey && (
    <PasskeySignInButton
      label={passkeyOnly ? 'Use your passkey' : 'Use a passkey instead'}
      variant={passkeyOnly ? 'filled' : 'default'}
      onSignedIn={props.onSignedIn}
    />
  );
  const [method, setMethod] = useState<keyof typeof HINTS>(canUseApp ? 'totp' : 'recovery');
  const secondFactor = useSecondFactorLogin();
  const form = useAuthForm({
    fields: ['code'],
    schema: secondFactorInput,
    send: (values) => secondFactor.mutateAsync(values),
    done: props.onSignedIn,
    failure: ['Login failed', 'Invalid code'],
  });
  const startOver = (
    <Anchor component="button" type="button" size="sm" onClick={props.onStartOver}>
      Start over
    </Anchor>
  );

  if (passkeyOnly)
    return (
      <Stack>
        {passkey}
        {startOver}
      </Stack>
    );
  if (!canUseApp && !canUseRecovery)
    return (
      <Stack>
        <Alert color="red" variant="light" title="No second factor left" role="alert">
          This account requires a second factor, and none it could use is left. The server&apos;s
          administrator can reset it.
        </Alert>
        {startOver}
      </Stack>
    );

  const app = method === 'totp';
  return (
    <form noValidate action={form.action}>
      <Stack>
        <TextInput
          // A new field for the other method: its own label, keyboard and autofill.
          key={method}
          label={app ? 'Authentication code' : 'Recovery code'}
          autoComplete={app ? 'one-time-code' : 'off'}
          inputMode={app ? 'numeric' : 'text'}
          autoCapitalize="none"
          spellCheck={false}
          // The field is what the step asks for, reached by the button that led here.
          autoFocus
          description={HINTS[method]}
          {...form.field('code')}
        />
        <Button type="submit" size="md" disabled={secondFactor.isPending} fullWidth>
          {secondFactor.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        {passkey}
        <Group justify="space-between">
          {canUseApp && canUseRecovery ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => setMethod(app ? 'recovery' : 'totp')}
            >
              {app ? 'Use a recovery code' : 'Use your authenticator app'}
            </Anchor>
          ) : (
            <span />
          )}
          {startOver}
        </Group>
      </Stack>
    </form>
  );
}
