import type { SecondFactors, TotpEnrollment } from '@journey/contracts';
import { Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { lazy, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormDialog } from '../../components/form-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { formatDate } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { serverMessage } from '../../lib/trpc';
import { useEnrollTotp, useRemoveTotp, useSecondFactors, useSetSecondFactorRequired } from './use-factors';

// The enrolment's form and the QR encoder are fetched when the owner first sets one up.
const TotpEnrollForm = lazy(() => import('./totp-enroll-form'));

// Above 4.5:1 in both schemes: white on green's and gray's dark shades, black on yellow's light one.
const STATUS = {
  on: { label: 'On', color: 'green.9' },
  pending: { label: 'Setup not finished', color: 'yellow.4' },
  off: { label: 'Off', color: 'gray.8' },
} as const;

/** Red text and border in a shade that passes AA in each scheme (the theme's error colour). */
const DANGER = 'var(--mantine-color-error)';

/**
 * The Account tab's 'Two-factor authentication' (docs/decisions/086-one-time-codes.md): set up one-time
 * codes from an authenticator app, see how many recovery codes are left, turn them off, and require a
 * second factor for every sign-in.
 */
export function TwoFactorSection() {
  const factors = useSecondFactors();
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <div>
        <Title order={3} fz={18} id={headingId}>
          Two-factor authentication
        </Title>
        <Text c="dimmed" size="sm" maw={640}>
          After your password, signing in asks for a code from an authenticator app on your phone, so a stolen
          password alone opens nothing.
        </Text>
      </div>
      {factors.isPending ? (
        <QueryLoading label="Loading two-factor authentication" py="md" />
      ) : factors.isError ? (
        <QueryFailed what="two-factor settings" />
      ) : (
        <FactorsCard factors={factors.data} />
      )}
    </Stack>
  );
}

function FactorsCard(props: { factors: SecondFactors }) {
  const { totp, recoveryCodesLeft, required } = props.factors;
  const { siteName } = useSite();
  const enroll = useEnrollTotp();
  const remove = useRemoveTotp();
  const setRequired = useSetSecondFactorRequired();
  const [enrollment, setEnrollment] = useState<TotpEnrollment | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const status = STATUS[totp.status];
  // A passkey is a second factor too (docs/decisions/087-passkeys.md).
  const hasFactor = totp.status === 'on' || props.factors.methods.includes('passkey');

  const startSetup = async () => {
    try {
      setEnrollment(await enroll.mutateAsync());
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'Two-factor authentication could not be set up.');
    }
  };

  const turnOff = async () => {
    try {
      await remove.mutateAsync();
      notifySuccess(
        'Two-factor authentication is off',
        'Signing in needs only your password now; your other sessions were signed out.',
      );
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'Two-factor authentication could not be turned off.');
    } finally {
      setConfirmingOff(false);
    }
  };

  const changeRequired = async (value: boolean) => {
    try {
      await setRequired.mutateAsync({ required: value });
      notifySuccess(
        value ? 'Second factor required' : 'Second factor no longer required',
        value
          ? 'Every sign-in now needs a code after the password.'
          : 'Signing in follows your factors again.',
      );
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'The setting could not be saved.');
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={4} fz={16}>
                Authenticator app
              </Title>
              <Badge color={status.color} variant="filled" autoContrast>
                {status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {totp.status === 'on' && totp.confirmedAt ? (
                <>
                  Turned on <time dateTime={totp.confirmedAt}>{formatDate(totp.confirmedAt)}</time> ·{' '}
                  {recoveryCodesLeft} of 10 recovery codes left
                </>
              ) : totp.status === 'pending' ? (
                'Set up was started but not confirmed with a code: sign-in does not ask for it yet.'
              ) : (
                'Codes from an app such as 1Password, Google Authenticator or Microsoft Authenticator.'
              )}
            </Text>
          </Stack>
          {totp.status === 'on' ? (
            <Button
              variant="outline"
              color={DANGER}
              leftSection={<IconShieldOff size={16} aria-hidden />}
              disabled={required || remove.isPending}
              onClick={() => setConfirmingOff(true)}
            >
              Turn off
            </Button>
          ) : (
            <Button
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              disabled={enroll.isPending}
              onClick={() => void startSetup()}
            >
              {totp.status === 'pending' ? 'Finish setting up' : 'Set up'}
            </Button>
          )}
        </Group>
        <Switch
          label="Require a second factor for every sign-in"
          description={
            hasFactor
              ? 'A password alone never signs in. While this is on, the last factor cannot be removed.'
              : 'Available once the authenticator app is on or a passkey is added.'
          }
          checked={required}
          disabled={(!hasFactor && !required) || setRequired.isPending}
          onChange={(event) => void changeRequired(event.currentTarget.checked)}
        />
        {recoveryCodesLeft === 0 && totp.status === 'on' && (
          <Text size="sm" c={DANGER}>
            No recovery codes are left: turn the authenticator app off and on again for ten new ones.
          </Text>
        )}
      </Stack>
      <FormDialog
        title="Set up two-factor authentication"
        opened={enrollment !== null}
        onClose={() => setEnrollment(null)}
      >
        {enrollment && (
          <TotpEnrollForm enrollment={enrollment} siteName={siteName} onClose={() => setEnrollment(null)} />
        )}
      </FormDialog>
      <ConfirmDialog
        title="Turn off two-factor authentication?"
        opened={confirmingOff}
        pending={remove.isPending}
        confirmLabel="Turn off"
        pendingLabel="Turning off..."
        color="red.8"
        onCancel={() => setConfirmingOff(false)}
        onConfirm={() => void turnOff()}
      >
        <Text size="sm">
          Signing in will need only your password, your recovery codes stop working, and your other sessions
          are signed out. You can set it up again at any time, with a new QR code.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
