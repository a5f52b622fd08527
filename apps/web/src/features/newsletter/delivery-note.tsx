import type { MailDelivery } from '@journey/contracts';
import { Alert, Code, Text } from '@mantine/core';
import { IconMail, IconMailOff } from '@tabler/icons-react';

/** Where the mail of this tab goes, said plainly before anything is sent (docs/operations.md#mail). */
export function DeliveryNote(props: { delivery: MailDelivery }) {
  if (props.delivery === 'smtp')
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconMail size={20} aria-hidden />}
        title="Mail is sent through SMTP"
      >
        <Text size="sm">
          Confirmations, tests and broadcasts go out through the SMTP server set in <Code>SMTP_URL</Code>.
        </Text>
      </Alert>
    );
  return (
    <Alert
      color="violet"
      variant="light"
      icon={<IconMailOff size={20} aria-hidden />}
      title="SMTP is not configured: nothing leaves this machine"
    >
      <Text size="sm">
        Every mail (a sign-up&apos;s confirmation, a test, a broadcast) is kept in the outbox below instead of
        being sent. To send for real, set <Code>SMTP_URL</Code>, <Code>MAIL_FROM</Code> and{' '}
        <Code>PUBLIC_URL</Code> as described in docs/operations.md#mail.
      </Text>
    </Alert>
  );
}
