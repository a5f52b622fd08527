import type { ExchangeRatesStatus } from '@journey/contracts';
import { Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { notifySuccess } from '../../components/notify';
import { formatDate } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { useUploadRates } from './use-connections';

const ECB_RATES_PAGE =
  'https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html';

/** A file's bytes as base64, in slices: the ECB's history is some 2 MB. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * How far the ECB's reference rates reach, and the upload of its file for a server that cannot fetch
 * it (docs/decisions/078-exchange-rates.md).
 */
export function ExchangeRatesCard(props: { status: ExchangeRatesStatus }) {
  const headingId = useId();
  const upload = useUploadRates();
  const [problem, setProblem] = useState<string | null>(null);
  const { newestDay, days } = props.status;

  const send = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    try {
      const result = await upload.mutateAsync({ file: await base64Of(file) });
      notifySuccess(
        'Exchange rates loaded',
        `${result.stored.toLocaleString('en-US')} rates, up to ${formatDate(result.newestDay ?? '')}. Every connection reads its history again.`,
      );
    } catch (error) {
      setProblem(serverFieldErrors(error).file ?? serverMessage(error) ?? 'The file could not be read.');
    }
  };

  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={4} fz={16} id={headingId}>
          Exchange rates
        </Title>
        <Text size="sm">
          {newestDay
            ? `The ECB's reference rates up to ${formatDate(newestDay)} (${days.toLocaleString('en-US')} business days) convert what a provider settled in another currency than USD. They load daily.`
            : 'No ECB rates are loaded yet: payments a provider settled in another currency than USD wait for them. They load daily once the server reaches the ECB, or upload its file here.'}
        </Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void send(file)} accept=".csv,.zip,text/csv,application/zip">
            {(button) => (
              <Button
                {...button}
                variant="default"
                loading={upload.isPending}
                leftSection={<IconUpload size={16} aria-hidden />}
              >
                Upload the ECB’s file
              </Button>
            )}
          </FileButton>
          <Anchor
            href={ECB_RATES_PAGE}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            underline="always"
          >
            Where to download it (the zip of the whole history)
          </Anchor>
        </Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
