import { isExperimentSlug, STATUS_COLORS } from '@journey/contracts/constants';
import { Anchor, Badge, Box, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconFlask } from '@tabler/icons-react';
import { useParams } from 'react-router-dom';
import type { ExperimentDetail } from '@journey/contracts';
import type { ReactNode } from 'react';
import { MarkdownContent } from '../../components/markdown-content';
import { PageLoader } from '../../components/page-loader';
import { formatDate } from '../../lib/format';
import { useSite } from '../../lib/site-context';
import { ExperimentImage } from '../experiments/experiment-image';
import { ExperimentStateBadge, ExperimentStateNote } from '../experiments/experiment-state-note';
import { SiteHeader } from '../landing/site-header';
import { NotFoundPage } from '../site/not-found-page';
import { SitePage } from '../site/site-page';
import { experimentDocumentTitle } from './experiment-head';
import { ExperimentMilestones } from './experiment-milestones';
import { ExperimentMoney } from './experiment-money';
import classes from './experiment-page.module.css';
import { useExperimentDetail } from './use-experiment-detail';

/** The AI Arena on the landing page. */
const ARENA = '/#lab';

/**
 * `/lab/:slug`: one experiment, its state, picture, figures, story and milestones
 * (docs/decisions/081-experiment-state.md, 082-experiment-money.md).
 */
export default function ExperimentPage() {
  const { slug = '' } = useParams();
  const valid = isExperimentSlug(slug);
  const { data: detail, isPending, isError } = useExperimentDetail(valid ? slug : null);

  if (!valid || detail === null) return <NotFoundPage />;
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py={120} component="main">
        <Text role="alert">Failed to fetch this experiment</Text>
      </Container>
    );
  }
  return <ExperimentArticle detail={detail} />;
}

/** A section of the page under a rule, its heading small. */
function PageSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} className={classes.section}>
      <Title order={2} id={id} fz="sm" tt="uppercase" lts={1} c="dimmed" mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

function ExperimentArticle({ detail }: { detail: ExperimentDetail }) {
  const site = useSite();
  const { experiment, storyHtml, figures, milestones } = detail;
  useDocumentTitle(experimentDocumentTitle(experiment.title, site));
  const status = STATUS_COLORS[experiment.status];

  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="md" py={{ base: 40, sm: 72 }}>
      <Stack gap="xl">
        {/* A full load: the landing page opens at the arena's anchor. */}
        <Anchor href={ARENA} fw={600} size="sm" className={classes.back}>
          <IconArrowLeft size={16} aria-hidden />
          All experiments
        </Anchor>
        <Box component="article" aria-labelledby="experiment-title" data-state={experiment.state}>
          <Stack gap="lg">
            <Stack gap="md">
              <Group gap="sm">
                <Text size="sm" fw={700} tt="uppercase" c="dimmed" lts={1}>
                  AI Arena
                </Text>
                <Badge color={`${status.color}.9`} variant="filled" radius="sm">
                  {experiment.status}
                </Badge>
                <ExperimentStateBadge state={experiment.state} />
              </Group>
              <Title order={1} id="experiment-title" fz={{ base: 32, sm: 44 }} lh={1.15}>
                {experiment.title}
              </Title>
              <Text size="lg" className={classes.description}>
                {experiment.description}
              </Text>
              <Group gap="lg" c="dimmed">
                <Group gap={6}>
                  <IconFlask size={16} aria-hidden />
                  <Text size="sm" fw={700} c="var(--mantine-color-text)">
                    {experiment.projectCount} {experiment.projectCount === 1 ? 'project' : 'projects'}
                  </Text>
                </Group>
                <Text size="sm">
                  Started <time dateTime={experiment.createdAt}>{formatDate(experiment.createdAt)}</time>
                </Text>
              </Group>
            </Stack>
            {experiment.state !== 'running' && (
              <Paper withBorder radius="md" p="md">
                <ExperimentStateNote experiment={experiment} size="md" withBadge={false} />
              </Paper>
            )}
            <Paper withBorder radius="lg" className={classes.picture} data-state={experiment.state}>
              <ExperimentImage src={experiment.imageUrl} />
            </Paper>
            <PageSection id="experiment-figures" title="Figures to date">
              <ExperimentMoney figures={figures} />
            </PageSection>
            {storyHtml !== '' && (
              <PageSection id="experiment-story" title="The story">
                <MarkdownContent html={storyHtml} fz="md" lh={1.7} />
              </PageSection>
            )}
            {milestones.length > 0 && (
              <PageSection id="experiment-milestones" title="Milestones">
                <ExperimentMilestones milestones={milestones} />
              </PageSection>
            )}
          </Stack>
        </Box>
      </Stack>
    </SitePage>
  );
}
