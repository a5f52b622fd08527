import { SYNC_INTERVAL_LIMITS } from '@journey/contracts';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { useSaveSchedule } from './use-connections';

/** How often every connection is read again (docs/decisions/077-provider-connections.md). */
export function SyncScheduleCard(props: { intervalMinutes: number }) {
  const headingId = useId();
  const save = useSaveSchedule();
  const [value, setValue] = useState<string | number>(props.intervalMinutes);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      // A field left empty or not a number is the server's to refuse, in its own words.
      const result = await save.mutateAsync({ intervalMinutes: value === '' ? Number.NaN : Number(value) });
      notifySuccess('Sync schedule saved', `Every connection syncs every ${result.intervalMinutes} minutes.`);
    } catch (error) {
      setProblem(
        serverFieldErrors(error).intervalMinutes ??
          serverMessage(error) ??
          'The schedule could not be saved.',
      );
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={4} fz={16} id={headingId}>
            Sync schedule
          </Title>
          <Text size="sm">
            Each connection is read again on this schedule, at once on Sync now, and within seconds of a
            webhook.
          </Text>
          <Group gap="sm" align="flex-end">
            <NumberInput
              label="Minutes between syncs"
              description={`From ${SYNC_INTERVAL_LIMITS.min} to ${SYNC_INTERVAL_LIMITS.max.toLocaleString('en-US')}`}
              value={value}
              onChange={setValue}
              min={SYNC_INTERVAL_LIMITS.min}
              max={SYNC_INTERVAL_LIMITS.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={problem}
              w={220}
            />
            <Button type="submit" variant="default" loading={save.isPending}>
              Save schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
