import type { MailDelivery } from '@journey/contracts';
import { Alert, Code, Text } from '@mantine/core';
import { IconMail, IconMailOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const NOTES: Record<MailDelivery, { color: string; icon: ReactNode; title: string; text: ReactNode }> = {
  smtp: {
    color: 'teal',
    icon: <IconMail size={20} aria-hidden />,
    title: 'Mail is sent through SMTP',
    text: (
      <>
        Confirmations, tests and broadcasts go out through the SMTP server set in <Code>SMTP_URL</Code>.
      </>
    ),
  },
  outbox: {
    color: 'violet',
    icon: <IconMailOff size={20} aria-hidden />,
    title: 'SMTP is not configured: nothing leaves this machine',
    text: (
      <>
        Every mail (a sign-up&apos;s confirmation, a test, a broadcast) is kept in the outbox below instead of
        being sent. To send for real, set <Code>SMTP_URL</Code>, <Code>MAIL_FROM</Code> and{' '}
        <Code>PUBLIC_URL</Code> as described in docs/operations.md#mail.
      </>
    ),
  },
};

/** Where the mail of this tab goes, said plainly before anything is sent (docs/operations.md#mail). */
export function DeliveryNote(props: { delivery: MailDelivery }) {
  const note = NOTES[props.delivery];
  return (
    <Alert color={note.color} variant="light" icon={note.icon} title={note.title}>
      <Text size="sm">{note.text}</Text>
    </Alert>
  );
}
