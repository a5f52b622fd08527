import { ARCHIVE_PATHS, archiveIssuePath } from '@journey/contracts/constants';
import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRss } from '@tabler/icons-react';
import { PageLink } from '../../components/page-link';
import { PageLoader } from '../../components/page-loader';
import { formatDate } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { trpc } from '../../lib/trpc';
import { SiteHeader } from '../landing/site-header';
import { SitePage } from '../site/site-page';
import classes from './archive.module.css';
import { archiveDocumentTitle } from './issue-head';
import { SubscribeLink } from './subscribe-link';

/**
 * `/newsletter/archive`: every broadcast sent and not private, newest first, each a link to its page
 * (docs/decisions/095-newsletter-archive.md).
 */
export default function ArchivePage() {
  const site = useSite();
  useDocumentTitle(archiveDocumentTitle(site));
  const { data: issues, isPending, isError } = trpc.newsletterArchive.list.useQuery();

  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py={120} component="main">
        <Text role="alert">Failed to fetch the newsletter archive</Text>
      </Container>
    );
  }
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="md" py={{ base: 40, sm: 72 }}>
      <Stack gap="xl">
        <Stack gap="xs">
          <Text size="sm" fw={700} tt="uppercase" c="dimmed" lts={1}>
            Newsletter
          </Text>
          <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
            The archive
          </Title>
          <Group gap="xs">
            <IconRss size={16} aria-hidden />
            {/* A file, not a page of the app: a plain link. */}
            <Anchor href={ARCHIVE_PATHS.feed} size="sm" fw={600}>
              Follow it as an RSS feed
            </Anchor>
          </Group>
        </Stack>
        {issues.length === 0 ? (
          <Text c="dimmed">No issue has been sent yet.</Text>
        ) : (
          <Box component="ul" className={classes.list} aria-label="Issues of the newsletter">
            {issues.map((issue) => (
              <li key={issue.slug} className={classes.item}>
                <Stack gap={4}>
                  <Anchor component={PageLink} href={archiveIssuePath(issue.slug)} fw={700} fz="lg">
                    {issue.subject}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    <time dateTime={issue.sentAt}>{formatDate(issue.sentAt)}</time>
                  </Text>
                </Stack>
              </li>
            ))}
          </Box>
        )}
        <SubscribeLink />
      </Stack>
    </SitePage>
  );
}
