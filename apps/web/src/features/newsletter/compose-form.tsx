import { BROADCAST_LIMITS, type NewsletterStatus } from '@journey/contracts';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconSend, IconTestPipe } from '@tabler/icons-react';
import { useId } from 'react';
import { useSite } from '../../lib/site-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MarkdownEditor } from '../settings/markdown-editor';
import { MailPreview } from './mail-preview';
import classes from './newsletter.module.css';
import { subscribersText, useCompose, type ComposeOptions } from './use-compose';

/** Subject and Markdown body with the mail's live preview, and the draft's three actions. */
export function ComposeForm(props: Omit<ComposeOptions, 'delivery'> & { status: NewsletterStatus }) {
  const { status } = props;
  const site = useSite();
  const compose = useCompose({ ...props, delivery: status.delivery });
  const { form, running } = compose;
  const values = form.getValues();
  const count = status.confirmedSubscribers;
  const noRecipientsId = useId();
  // The editor takes the text itself; the form's error, focus handlers and path go to its field.
  const { value: _value, onChange: _onChange, ...bodyField } = form.getInputProps('body');

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          // Not form.onSubmit: saveDraft validates itself and moves the focus to the first wrong field.
          event.preventDefault();
          void compose.saveDraft();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Subject"
            description="One line: the mail's subject and the first thing readers see in their inbox."
            withAsterisk
            maxLength={BROADCAST_LIMITS.subject.max}
            {...form.getInputProps('subject')}
          />
          <MarkdownEditor
            label="Body"
            withAsterisk
            max={BROADCAST_LIMITS.body.max}
            value={values.body}
            onChange={(value) => form.setFieldValue('body', value)}
            {...bodyField}
            preview={{
              label: 'Preview of the mail',
              content: <MailPreview siteName={site.siteName} subject={values.subject} body={values.body} />,
            }}
          />
          <Group gap="sm" justify="flex-end" className={classes.composeActions}>
            <Button
              type="submit"
              variant="default"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              disabled={running !== null}
            >
              {running === 'save' ? 'Saving...' : 'Save draft'}
            </Button>
            <Button
              variant="light"
              leftSection={<IconTestPipe size={18} aria-hidden />}
              onClick={() => void compose.sendTest()}
              disabled={running !== null}
            >
              {running === 'test' ? 'Sending test...' : 'Send test to me'}
            </Button>
            <Button
              leftSection={<IconSend size={18} aria-hidden />}
              onClick={() => void compose.askToSend()}
              disabled={running !== null || count === 0}
              aria-describedby={count === 0 ? noRecipientsId : undefined}
            >
              Send to {count.toLocaleString('en-US')} {count === 1 ? 'subscriber' : 'subscribers'}
            </Button>
          </Group>
          {count === 0 && (
            <Text id={noRecipientsId} size="sm" c="dimmed" ta="right">
              No confirmed subscribers yet: sending opens once a reader has signed up and confirmed their
              address. A test reaches you ({status.testRecipient}) already.
            </Text>
          )}
        </Stack>
      </form>
      <ConfirmDialog
        title={`Send '${values.subject.trim()}' to ${subscribersText(count)}?`}
        opened={compose.confirming}
        pending={running === 'send'}
        confirmLabel="Send now"
        pendingLabel="Sending..."
        onCancel={compose.cancelSend}
        onConfirm={() => void compose.confirmSend()}
      >
        <Text size="sm">
          Every confirmed subscriber gets it once, with a link to unsubscribe. A sent broadcast can no longer
          be changed.
        </Text>
      </ConfirmDialog>
    </>
  );
}
