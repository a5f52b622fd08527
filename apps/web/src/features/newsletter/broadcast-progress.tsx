import type { Broadcast } from '@journey/contracts';
import { Progress, Stack, Text } from '@mantine/core';

const countsText = ({ queued, sent, failed }: Broadcast['counts']) =>
  `${queued.toLocaleString('en-US')} queued · ${sent.toLocaleString('en-US')} sent · ${failed.toLocaleString('en-US')} failed`;

/** A broadcast's mail: nothing yet for a draft, a bar while it sends, the counts always once sent. */
export function BroadcastMail(props: { broadcast: Broadcast }) {
  const { status, counts, subject } = props.broadcast;
  if (status === 'draft') return <Text size="sm">Not sent yet</Text>;
  const total = counts.queued + counts.sent + counts.failed;
  const done = counts.sent + counts.failed;
  return (
    <Stack gap={6} miw={0}>
      {status === 'sending' && (
        <>
          <Progress.Root size="md" radius="xl">
            <Progress.Section
              value={total === 0 ? 0 : (done / total) * 100}
              aria-label={`Sending ${subject}`}
              aria-valuetext={`${counts.sent} of ${total} sent`}
            />
          </Progress.Root>
          <Text size="sm" fw={600}>
            {counts.sent.toLocaleString('en-US')} of {total.toLocaleString('en-US')} sent
          </Text>
        </>
      )}
      <Text size="sm">{countsText(counts)}</Text>
    </Stack>
  );
}
