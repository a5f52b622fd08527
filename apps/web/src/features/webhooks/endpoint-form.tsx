import type { WebhookEndpoint } from '@journey/contracts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '@journey/contracts/constants';
import { Checkbox, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SubmitRow } from '../../components/form-fields';
import { notifyError } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';

export interface EndpointValues {
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

/**
 * An endpoint's URL, events and switch. The server checks the URL's host (a private or loopback
 * address is refused, docs/decisions/091-outgoing-webhooks.md); its message comes back under the field.
 */
export function EndpointForm(props: {
  endpoint?: WebhookEndpoint;
  submitLabel: string;
  pending: boolean;
  save: (values: EndpointValues) => Promise<unknown>;
  onDone: () => void;
}) {
  const form = useForm<EndpointValues>({
    initialValues: {
      url: props.endpoint?.url ?? '',
      events: props.endpoint?.events ?? [...WEBHOOK_EVENTS],
      enabled: props.endpoint?.enabled ?? true,
    },
    validate: {
      url: (value) => (value.trim() === '' ? 'Enter the endpoint’s URL.' : null),
      events: (value) => (value.length === 0 ? 'Pick at least one event.' : null),
    },
  });

  const submit = async (values: EndpointValues) => {
    try {
      await props.save(values);
    } catch (error) {
      const errors = serverFieldErrors(error);
      form.setErrors(errors);
      if (Object.keys(errors).length === 0) {
        notifyError('Error', serverMessage(error) ?? 'The endpoint could not be saved.');
      }
      return;
    }
    props.onDone();
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        <TextInput
          label="Endpoint URL"
          description="Where each event is POSTed, signed as Standard Webhooks says."
          placeholder="https://example.com/webhooks"
          type="url"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
          {...form.getInputProps('url')}
        />
        <Checkbox.Group label="Events" withAsterisk {...form.getInputProps('events')}>
          <Stack gap={6} mt={6}>
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={`${WEBHOOK_EVENT_LABELS[event]} (${event})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch label="Enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <SubmitRow pending={props.pending} label={props.submitLabel} />
      </Stack>
    </form>
  );
}
