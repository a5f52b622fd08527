import type { Broadcast } from '@journey/contracts';
import { archiveIssuePath } from '@journey/contracts/constants';
import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { notifyError } from '../../components/notify';
import { PageLink } from '../../components/page-link';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { serverMessage, trpc } from '../../lib/trpc';

/**
 * A sent broadcast's place in the public archive (docs/decisions/095-newsletter-archive.md): a switch
 * that keeps it out (its page a 404, gone from the list, the feed and the sitemap) or puts it back,
 * and a link to its page while it is public. A draft has no page yet.
 */
export function ArchiveSwitch({ broadcast }: { broadcast: Broadcast }) {
  const refresh = useRefreshAfterWrite('broadcasts');
  const visibility = trpc.newsletterArchive.setVisibility.useMutation({ onSuccess: refresh });
  if (broadcast.status === 'draft' || broadcast.slug === null)
    return (
      <Text size="sm" c="dimmed">
        On the web once sent
      </Text>
    );
  const shown = visibility.isPending
    ? !(visibility.variables?.private ?? broadcast.private)
    : !broadcast.private;
  return (
    <Stack gap={4} align="flex-start">
      <Switch
        label="In the public archive"
        aria-label={`In the public archive: ${broadcast.subject}`}
        checked={shown}
        disabled={visibility.isPending}
        onChange={(event) =>
          visibility.mutate(
            { id: broadcast.id, private: !event.currentTarget.checked },
            {
              onError: (error) =>
                notifyError('Error', serverMessage(error) ?? 'The archive could not be changed.'),
            },
          )
        }
      />
      {!broadcast.private && (
        <Anchor component={PageLink} href={archiveIssuePath(broadcast.slug)} size="sm">
          Read it on the web
        </Anchor>
      )}
    </Stack>
  );
}
