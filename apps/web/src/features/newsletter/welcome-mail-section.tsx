import { WELCOME_MAIL_LIMITS, type WelcomeMail } from '@journey/contracts';
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { useSite } from '../../lib/site-context';
import { MarkdownEditor } from '../settings/markdown-editor';
import { MailPreview } from './mail-preview';
import classes from './newsletter.module.css';
import { useWelcomeForm, useWelcomeMail } from './use-welcome-mail';

/** The switch, subject and Markdown body, with the mail's live preview, and Save. */
function WelcomeMailForm(props: { saved: WelcomeMail }) {
  const site = useSite();
  const { form, submit, saving } = useWelcomeForm(props.saved);
  const values = form.getValues();
  // The editor takes the text itself; the form's error, focus handlers and path go to its field.
  const { value: _value, onChange: _onChange, ...bodyField } = form.getInputProps('body');

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Switch
          label="Send a welcome mail to new subscribers"
          description="Once to each reader, right after they confirm their address."
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <TextInput
          label="Welcome subject"
          description="One line: the welcome's subject in the reader's inbox."
          withAsterisk={values.enabled}
          maxLength={WELCOME_MAIL_LIMITS.subject.max}
          {...form.getInputProps('subject')}
        />
        <MarkdownEditor
          label="Welcome body"
          withAsterisk={values.enabled}
          max={WELCOME_MAIL_LIMITS.body.max}
          value={values.body}
          onChange={(value) => form.setFieldValue('body', value)}
          {...bodyField}
          preview={{
            label: 'Preview of the welcome mail',
            content: <MailPreview siteName={site.siteName} subject={values.subject} body={values.body} />,
          }}
        />
        <Group gap="sm" justify="flex-end" className={classes.composeActions}>
          <Button type="submit" leftSection={<IconDeviceFloppy size={18} aria-hidden />} disabled={saving}>
            {saving ? 'Saving...' : 'Save welcome mail'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The owner's welcome mail (docs/decisions/097-automatic-mail.md): written here in Markdown, sent by
 * the server once to every reader who confirms while it is on, with the text as last saved.
 */
export function WelcomeMailSection() {
  const welcome = useWelcomeMail();
  return (
    <Stack gap="sm" component="section" aria-labelledby="newsletter-welcome">
      <Title order={3} fz="lg" id="newsletter-welcome">
        Welcome mail
      </Title>
      <Text size="sm" c="dimmed">
        Greets each new reader after they confirm, with a link to unsubscribe like every broadcast.
      </Text>
      <Paper withBorder radius="md" p="md">
        {welcome.isPending ? (
          <QueryLoading label="Loading the welcome mail" py="md" />
        ) : welcome.isError ? (
          <QueryFailed what="welcome mail" />
        ) : (
          <WelcomeMailForm saved={welcome.data} />
        )}
      </Paper>
    </Stack>
  );
}
