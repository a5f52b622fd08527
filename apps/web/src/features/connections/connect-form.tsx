import {
  CONNECTION_PROVIDER_NAMES,
  REVENUE_SOURCE_LABELS,
  REVENUE_SOURCES,
  type ConnectionProvider,
  type RevenueSource,
} from '@journey/contracts/constants';
import { PasswordInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SubmitRow } from '../../components/form-fields';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { useConnect } from './use-connections';

interface ConnectValues {
  apiKey: string;
  webhookSecret: string;
  source: RevenueSource;
}

const SOURCE_OPTIONS = REVENUE_SOURCES.map((value) => ({ value, label: REVENUE_SOURCE_LABELS[value] }));

/** What each provider's key may do; Lemon Squeezy's keys cannot be limited to reading. */
const KEY_HINTS: Record<ConnectionProvider, string> = {
  stripe: 'Read access only: a key that can write is refused.',
  lemonsqueezy: 'Lemon Squeezy keys cannot be limited to reading; the site only ever reads with it.',
  paddle: 'Read permissions only: a key that can write is refused.',
  polar: 'An organization access token with read scopes only.',
};

/**
 * The key (and webhook secret) of one provider. The server checks the key with the provider before it
 * keeps it: a wrong, revoked or writing key comes back as the message under the key's field.
 */
export function ConnectForm(props: {
  provider: ConnectionProvider;
  source: RevenueSource;
  submitLabel: string;
  onDone?: () => void;
}) {
  const connect = useConnect();
  const name = CONNECTION_PROVIDER_NAMES[props.provider];
  const form = useForm<ConnectValues>({
    initialValues: { apiKey: '', webhookSecret: '', source: props.source },
    validate: { apiKey: (value) => (value.trim() === '' ? 'The API key is required.' : null) },
  });

  const submit = async (values: ConnectValues) => {
    try {
      await connect.mutateAsync({ provider: props.provider, ...values });
    } catch (error) {
      const errors = serverFieldErrors(error);
      form.setErrors(errors);
      if (Object.keys(errors).length === 0) {
        notifyError('Error', serverMessage(error) ?? `${name} could not be connected.`);
      }
      return;
    }
    form.reset();
    notifySuccess(`${name} connected`, 'Its whole history is being read now.');
    props.onDone?.();
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <PasswordInput
          label={`${name} API key`}
          description={KEY_HINTS[props.provider]}
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          {...form.getInputProps('apiKey')}
        />
        <PasswordInput
          label="Webhook signing secret"
          description="Optional: payments then appear within seconds instead of at the next sync."
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('webhookSecret')}
        />
        <Select
          label="Counts as"
          data={SOURCE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('source')}
        />
        <SubmitRow pending={connect.isPending} label={props.submitLabel} />
      </Stack>
    </form>
  );
}
