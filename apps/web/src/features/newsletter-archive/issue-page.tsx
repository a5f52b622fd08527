import { ARCHIVE_PATHS, isArchiveSlug } from '@journey/contracts/constants';
import type { ArchiveIssue } from '@journey/contracts';
import { Anchor, Box, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { MarkdownContent } from '../../components/markdown-content';
import { PageLink } from '../../components/page-link';
import { PageLoader } from '../../components/page-loader';
import { formatDate } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { trpc } from '../../lib/trpc';
import { SiteHeader } from '../landing/site-header';
import { NotFoundPage } from '../site/not-found-page';
import { SitePage } from '../site/site-page';
import classes from './archive.module.css';
import { issueDocumentTitle } from './issue-head';
import { issuePageQuery } from './issue-page-query';
import { SubscribeLink } from './subscribe-link';

/**
 * `/newsletter/:slug`: one sent broadcast, its text rendered as the mail's was, its date, and where
 * to subscribe. A private, draft or unknown slug is the not-found page (docs/decisions/095-newsletter-archive.md).
 */
export default function IssuePage() {
  const { slug = '' } = useParams();
  const valid = isArchiveSlug(slug);
  const {
    data: issue,
    isPending,
    isError,
  } = useQuery({
    ...issuePageQuery(trpc.useUtils().newsletterArchive.bySlug, slug),
    enabled: valid,
  });

  if (!valid || issue === null) return <NotFoundPage />;
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py={120} component="main">
        <Text role="alert">Failed to fetch this issue</Text>
      </Container>
    );
  }
  return <IssueArticle issue={issue} />;
}

function IssueArticle({ issue }: { issue: ArchiveIssue }) {
  const site = useSite();
  useDocumentTitle(issueDocumentTitle(issue.subject, site));
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="md" py={{ base: 40, sm: 72 }}>
      <Stack gap="xl">
        <Anchor component={PageLink} href={ARCHIVE_PATHS.list} fw={600} size="sm" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden />
          All issues
        </Anchor>
        <Box component="article" aria-labelledby="issue-title">
          <Stack gap="lg">
            <Stack gap="xs">
              <Text size="sm" fw={700} tt="uppercase" c="dimmed" lts={1}>
                Newsletter
              </Text>
              <Title order={1} id="issue-title" fz={{ base: 32, sm: 44 }} lh={1.15}>
                {issue.subject}
              </Title>
              <Text size="sm" c="dimmed">
                Sent <time dateTime={issue.sentAt}>{formatDate(issue.sentAt)}</time>
              </Text>
            </Stack>
            <MarkdownContent html={issue.html} fz="md" lh={1.7} className={classes.body} />
          </Stack>
        </Box>
        <SubscribeLink />
      </Stack>
    </SitePage>
  );
}
