import { milestoneIdOf, milestonePath } from '@journey/contracts/constants';
import type { MilestoneLink } from '@journey/contracts';
import {
  Badge,
  Box,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCoin, IconFlag } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useSite } from '../../lib/site-context';
import { Brand, brandLinkClass } from '../../components/brand';
import { ColorSchemeToggle } from '../color-scheme/color-scheme-toggle';
import { NotFoundPage } from '../site/not-found-page';
import { PageLoader } from '../../components/page-loader';
import { SitePage } from '../site/site-page';
import { formatDate, formatMoney } from '../../lib/format';
import { milestoneDocumentTitle } from './milestone-head';
import classes from './milestone-page.module.css';
import { ShareLinks } from './share-links';
import { useMilestoneDetail } from './use-milestone-detail';

/** `/milestones/:id-:slug`: one milestone, its full text, and the ones before and after it. */
export default function MilestonePage() {
  const { ref = '' } = useParams();
  const id = milestoneIdOf(ref);
  const { data: detail, isPending, isError } = useMilestoneDetail(id);

  if (id === null || detail === null) return <NotFoundPage />;
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py={120} component="main">
        <Text role="alert">Failed to fetch this milestone</Text>
      </Container>
    );
  }
  return <MilestoneArticle detail={detail} />;
}

type Detail = NonNullable<ReturnType<typeof useMilestoneDetail>['data']>;

function MilestoneArticle({ detail }: { detail: Detail }) {
  const site = useSite();
  const { milestone, previous, next } = detail;
  const revenue = milestone.isRevenue === 1;
  useDocumentTitle(milestoneDocumentTitle(milestone.title, site));
  const heading = useRef<HTMLHeadingElement>(null);
  const shownId = useRef(milestone.id);
  useEffect(() => {
    // Previous/next replace the page in place: start the new one at its top, with focus on its title
    // (as a page load would), but leave the first render alone so reloads keep their scroll.
    if (shownId.current === milestone.id) return;
    shownId.current = milestone.id;
    window.scrollTo({ top: 0 });
    heading.current?.focus();
  }, [milestone.id]);

  return (
    <SitePage header={<MilestoneHeader />} size="md" py={{ base: 40, sm: 72 }}>
      <Stack gap="xl">
        <Box component="article" aria-labelledby="milestone-title">
          <Stack gap="md">
            <Group gap="sm">
              <ThemeIcon size={36} radius="xl" color={revenue ? 'green.8' : 'blue.8'}>
                {revenue ? <IconCoin size={20} aria-hidden /> : <IconFlag size={18} aria-hidden />}
              </ThemeIcon>
              <Badge variant="light" color="gray" size="lg" radius="sm">
                Day {milestone.day}
              </Badge>
              <Text size="sm" c="dimmed">
                <time dateTime={milestone.date}>{formatDate(milestone.date)}</time>
              </Text>
            </Group>
            <Title
              order={1}
              id="milestone-title"
              ref={heading}
              tabIndex={-1}
              fz={{ base: 32, sm: 44 }}
              lh={1.15}
            >
              {milestone.title}
            </Title>
            {revenue && milestone.amount && (
              <Text fw={800} fz={28} className={classes.amount}>
                {formatMoney(milestone.amount)}
              </Text>
            )}
            <Text size="lg" className={classes.description}>
              {milestone.description}
            </Text>
            <ShareLinks
              pageUrl={absoluteUrl(milestonePath(milestone), site.origin)}
              text={`Day ${milestone.day}: ${milestone.title}`}
            />
          </Stack>
        </Box>

        {(previous || next) && (
          <SimpleGrid component="nav" aria-label="More milestones" cols={{ base: 1, sm: 2 }} spacing="md">
            {previous ? <NeighbourLink milestone={previous} direction="previous" /> : <span />}
            {next && <NeighbourLink milestone={next} direction="next" />}
          </SimpleGrid>
        )}
      </Stack>
    </SitePage>
  );
}

/** The page's absolute URL for a share link: the server's public origin, else (client-only dev) this page's. */
function absoluteUrl(path: string, origin: string | undefined): string {
  const base = origin ?? (typeof window === 'undefined' ? undefined : window.location.origin);
  return base ? new URL(path, base).href : path;
}

/** The dark bar above a milestone: the brand home, the way back to the timeline and the scheme toggle. */
function MilestoneHeader() {
  return (
    <Box component="header" className={classes.header} py="sm">
      <Container size="md">
        <Group justify="space-between" wrap="nowrap">
          {/* Full loads: the landing page then opens at its top, or at the timeline's anchor. */}
          <a href={paths.home} className={brandLinkClass}>
            <Brand />
          </a>
          <Group gap={4} wrap="nowrap">
            <a href={paths.timeline} className={classes.headerLink}>
              All milestones
            </a>
            <ColorSchemeToggle color="gray.0" c="white" />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

function NeighbourLink({
  milestone,
  direction,
}: {
  milestone: MilestoneLink;
  direction: 'previous' | 'next';
}) {
  const isNext = direction === 'next';
  return (
    <Paper
      component={Link}
      to={milestonePath(milestone)}
      withBorder
      radius="lg"
      p="lg"
      rel={isNext ? 'next' : 'prev'}
      className={`${classes.neighbour} ${isNext ? classes.next : ''}`}
    >
      <Group gap={6} justify={isNext ? 'flex-end' : 'flex-start'}>
        {!isNext && <IconArrowLeft size={16} aria-hidden />}
        <Text size="sm" c="dimmed" fw={600}>
          {isNext ? 'Next milestone' : 'Previous milestone'} · Day {milestone.day}
        </Text>
        {isNext && <IconArrowRight size={16} aria-hidden />}
      </Group>
      <Text fw={700} mt={4}>
        {milestone.title}
      </Text>
    </Paper>
  );
}
