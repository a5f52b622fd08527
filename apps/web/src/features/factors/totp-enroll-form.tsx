import { totpConfirmInput, type TotpConfirmInput, type TotpEnrollment } from '@journey/contracts';
import { Button, Code, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { toString as qrCodeSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { notifyError } from '../../components/notify';
import { requiredInput, SubmitRow } from '../../components/form-fields';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { RecoveryCodes } from './recovery-codes';
import { useConfirmTotp } from './use-factors';

const QR_SIZE = 192;

/**
 * The enrolment dialog's content, fetched on first open with the QR encoder
 * (docs/decisions/086-one-time-codes.md): the QR code of the new secret, the secret as text for an app
 * that cannot scan, and the code that proves the app has it; then the recovery codes, once.
 */
export function TotpEnrollForm(props: { enrollment: TotpEnrollment; siteName: string; onClose: () => void }) {
  const confirm = useConfirmTotp();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const form = useForm<TotpConfirmInput>({
    initialValues: { code: '' },
    validate: schemaResolver(totpConfirmInput, { sync: true }),
  });

  const submit = async (values: TotpConfirmInput) => {
    try {
      setRecoveryCodes((await confirm.mutateAsync(values)).recoveryCodes);
    } catch (error) {
      const errors = serverFieldErrors(error);
      form.setErrors(errors);
      if (Object.keys(errors).length === 0)
        notifyError('Error', serverMessage(error) ?? 'Two-factor authentication could not be turned on.');
    }
  };

  if (recoveryCodes)
    return <RecoveryCodes codes={recoveryCodes} siteName={props.siteName} onDone={props.onClose} />;
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <Text size="sm">
          Scan this QR code with an authenticator app (1Password, Google Authenticator, Microsoft
          Authenticator…), then enter the 6-digit code it shows.
        </Text>
        <QrCode url={props.enrollment.otpauthUrl} />
        <SetupKey secret={props.enrollment.secret} />
        <TextInput
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...requiredInput(form, 'code')}
        />
        <SubmitRow pending={confirm.isPending} label="Turn on">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
        </SubmitRow>
      </Stack>
    </form>
  );
}

export default TotpEnrollForm;

/** The QR code, drawn here from the otpauth:// URL: the secret never travels as an image from elsewhere. */
function QrCode(props: { url: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrCodeSvg(props.url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((svg) => {
      if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [props.url]);
  return src ? (
    // Dark on white in both schemes: apps read a QR code against a light background.
    <img
      src={src}
      width={QR_SIZE}
      height={QR_SIZE}
      alt="QR code to scan with an authenticator app. The setup key below holds the same secret."
      style={{ background: '#fff', borderRadius: 'var(--mantine-radius-md)', alignSelf: 'center' }}
    />
  ) : (
    <Skeleton w={QR_SIZE} h={QR_SIZE} style={{ alignSelf: 'center' }} aria-hidden />
  );
}

/** The secret for typing into an app by hand: in groups of four, as apps show it; copied whole. */
function SetupKey(props: { secret: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Can&apos;t scan it? Enter this setup key in the app:
      </Text>
      <Group gap="xs" align="center">
        <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {props.secret.match(/.{1,4}/g)?.join(' ')}
        </Code>
        <CopyButton value={props.secret} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
