import type { Verification } from '@journey/contracts';
import {
  CONNECTION_PROVIDER_NAMES,
  formatAgo,
  formatDate,
  formatMoney,
  formatShare,
  OPEN_DATA_PATHS,
} from '@journey/contracts/constants';
import { Anchor, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { PageLink } from '../../components/page-link';
import { useNow } from '../../hooks/use-now';
import { paths } from '../../lib/paths';
import { useVerification } from './use-connections';
import classes from './verified-line.module.css';

/** A connection whose last sync is older than this is flagged (docs/decisions/077-provider-connections.md). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

type ProviderState = Verification['providers'][number];

const names = (providers: readonly ProviderState[]) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format(
    providers.map((entry) => CONNECTION_PROVIDER_NAMES[entry.provider]),
  );

/** What is wrong with a connection, or null: a refused key, a failing sync, or none for a day. */
function problemOf(entry: ProviderState, now: number | null): string | null {
  if (entry.status === 'key-rejected') return 'key rejected: revoked or expired';
  if (entry.status === 'failing') return 'last sync failed';
  if (now !== null && entry.lastSyncedAt && now - Date.parse(entry.lastSyncedAt) > STALE_AFTER_MS)
    return `not synced for ${formatAgo(entry.lastSyncedAt, now).replace(' ago', '')}`;
  return null;
}

/** "synced 4 min ago" once the page runs (the server's HTML says when, so hydration matches). */
function syncedText(iso: string | null, now: number | null): string {
  if (iso === null) return 'not synced yet';
  return now === null ? `synced ${formatDate(iso)}` : `synced ${formatAgo(iso, now)}`;
}

/**
 * Under the tracker: how much of the total a payment provider vouches for, and a flag when a key was
 * refused or a sync is over a day old. A click shows each provider's state below the line: a
 * disclosure, not a floating popover, so the landing page loads no positioning code for it
 * (docs/decisions/077-provider-connections.md).
 */
export function VerifiedLine() {
  const { data } = useVerification();
  const now = useNow();
  const [opened, { toggle }] = useDisclosure(false);
  const detailsId = useId();
  if (!data) return null;
  if (data.providers.length === 0 && Number(data.verifiedTotal) === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center">
        Self-reported: no payment provider is connected yet.
      </Text>
    );
  }
  const oldest = data.providers
    .map((entry) => entry.lastSyncedAt)
    .reduce<string | null>((min, at) => (at === null || (min !== null && min < at) ? min : at), null);
  const problems = data.providers.filter((entry) => problemOf(entry, now) !== null);
  return (
    <Stack gap={6} align="center">
      <UnstyledButton
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={detailsId}
        title="Verification details"
        ta="center"
      >
        <Text size="sm" c="dimmed" ta="center" span>
          <Text span inherit td="underline">
            {formatShare(data.verifiedShare)} verified
          </Text>{' '}
          by {names(data.providers)} · {syncedText(oldest, now)}
          {problems.length > 0 && (
            <Text span className={classes.attention} inherit>
              {' '}
              · {names(problems)} {problems.length === 1 ? 'needs' : 'need'} attention
            </Text>
          )}
        </Text>
      </UnstyledButton>
      <Stack id={detailsId} hidden={!opened} gap={4} maw={420} ta="center">
        <Text size="sm">
          {data.total === null
            ? `${formatShare(data.verifiedShare)} of the revenue was read from a payment provider; the rest is self-reported.`
            : `${formatMoney(data.verifiedTotal ?? '0')} of ${formatMoney(data.total)} was read from a payment provider; the rest is self-reported.`}
        </Text>
        {data.providers.map((entry) => (
          <Text size="sm" key={entry.provider}>
            <Text span fw={600} inherit>
              {CONNECTION_PROVIDER_NAMES[entry.provider]}:
            </Text>{' '}
            {problemOf(entry, now) ?? syncedText(entry.lastSyncedAt, now)}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          Check it yourself:{' '}
          <Anchor href={OPEN_DATA_PATHS.verification} underline="always">
            verification.json
          </Anchor>{' '}
          and{' '}
          <Anchor component={PageLink} href={paths.ledger} underline="always">
            the ledger
          </Anchor>
          , checked in your browser.
        </Text>
      </Stack>
    </Stack>
  );
}
