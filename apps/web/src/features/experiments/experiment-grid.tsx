import type { ArenaFigures, Experiment, ShownTotals } from '@journey/contracts';
import { experimentPath, STATUS_COLORS } from '@journey/contracts/constants';
import {
  Anchor,
  Badge,
  Box,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconFlask, IconRocket } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { LandingSection } from '../../components/landing-section';
import { SectionHeading } from '../../components/section-heading';
import { trpc } from '../../lib/trpc';
import { FiguresToDate } from '../lab/figures-to-date';
import classes from './experiment-grid.module.css';
import { ExperimentImage } from './experiment-image';
import { ExperimentStateNote } from './experiment-state-note';
import { useExperiments } from './use-experiments';

/** The columns each layout of the grid has (SimpleGrid's cols below). */
const COLUMNS = { sm: 2, lg: 3 } as const;
const PENDING_CARDS = 3;

/** How many columns the card after `count` others spans to fill its row (all of them on a new row). */
const remainingColumns = (count: number, columns: number) => columns - (count % columns);

const KILLED_PICTURE = { filter: 'grayscale(1)', opacity: 0.7 } as const;

/**
 * One experiment: its picture, title (the link to its page, /lab/{slug}), status, text, its money to
 * date as the owner shows it, and projects. A paused or killed one stays, marked with its date and
 * verdict (docs/decisions/081-experiment-state.md).
 */
function ExperimentCard({
  experiment,
  figures,
}: {
  experiment: Experiment;
  figures: ShownTotals | undefined;
}) {
  const color = `${STATUS_COLORS[experiment.status].color}.9`;
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="article"
      data-state={experiment.state}
      style={{ borderTop: `4px solid var(--mantine-color-${STATUS_COLORS[experiment.status].color}-7)` }}
    >
      {/* A killed experiment's picture is faded so its mark reads first; inline, as the first CSS has a budget. */}
      <Card.Section style={experiment.state === 'killed' ? KILLED_PICTURE : undefined}>
        <ExperimentImage src={experiment.imageUrl} />
      </Card.Section>
      <Group justify="space-between" mt="md" gap="xs" align="flex-start" wrap="nowrap">
        <Title order={3} fz="lg">
          {/* A full load: the landing page runs without the router (docs/decisions/047-landing-page-weight.md). */}
          <Anchor href={experimentPath(experiment)} c="inherit" fw="inherit" fz="inherit" underline="hover">
            {experiment.title}
          </Anchor>
        </Title>
        <Badge color={color} variant="filled" radius="sm">
          {experiment.status}
        </Badge>
      </Group>
      <Text c="dimmed" mt="xs" size="sm" lh={1.6}>
        {experiment.description}
      </Text>
      {figures && (
        <Box mt="md">
          <FiguresToDate figures={figures} />
        </Box>
      )}
      {experiment.state !== 'running' && (
        <Box mt="md">
          <ExperimentStateNote experiment={experiment} />
        </Box>
      )}
      <Group gap={6} mt="md">
        <IconFlask size={16} aria-hidden />
        <Text size="sm" fw={700}>
          {experiment.projectCount} {experiment.projectCount === 1 ? 'project' : 'projects'}
        </Text>
      </Group>
    </Card>
  );
}

/** What the figures on the cards are: the band rule beside ranges, a word when they are hidden. */
function FiguresNote({ arena }: { arena: ArenaFigures | undefined }) {
  if (arena?.privacy === 'range')
    return (
      <Text size="sm" c="dimmed" maw={720}>
        Revenue, costs and profit to date are shown as ranges. {arena.bandRule}
      </Text>
    );
  if (arena?.privacy === 'hidden')
    return (
      <Text size="sm" c="dimmed">
        The owner keeps the experiments’ revenue, costs and profit private.
      </Text>
    );
  return null;
}

/** The AI Arena: experiments from the server, then the invitation to launch a new one. */
export function ExperimentGrid() {
  const { data: experiments, isPending, isError } = useExperiments();
  // Each card's money, by experiment; a card without it (still loading, or failed) shows the rest.
  const { data: arena } = trpc.experiments.arenaFigures.useQuery();
  const figuresOf = new Map(arena?.experiments.map((figures) => [figures.experimentId, figures]));
  const cardsBefore = experiments?.length ?? PENDING_CARDS;
  const launchSpans = {
    '--launch-span-sm': remainingColumns(cardsBefore, COLUMNS.sm),
    '--launch-span-lg': remainingColumns(cardsBefore, COLUMNS.lg),
  } as CSSProperties;
  return (
    <LandingSection id="lab" muted>
      <SectionHeading id="lab-title" eyebrow="AI Lab" title="AI Arena">
        Every bet runs as an experiment: small, measurable, and killed without mercy when it stops working.
      </SectionHeading>
      <FiguresNote arena={arena} />
      {isError && <Text role="alert">The experiments could not be loaded.</Text>}
      <SimpleGrid cols={{ base: 1, ...COLUMNS }} spacing="lg">
        {isPending
          ? Array.from({ length: PENDING_CARDS }, (_, index) => (
              <Skeleton key={index} height={360} radius="lg" />
            ))
          : experiments?.map((experiment) => (
              <ExperimentCard
                key={experiment.id}
                experiment={experiment}
                figures={figuresOf.get(experiment.id)}
              />
            ))}
        <Card
          radius="lg"
          padding="xl"
          bg="violet.9"
          c="white"
          component="article"
          className={classes.launch}
          style={launchSpans}
        >
          <Stack h="100%" justify="center" align="flex-start" gap="md">
            <ThemeIcon size={52} radius="md" color="violet.3" c="violet.9">
              <IconRocket size={28} aria-hidden />
            </ThemeIcon>
            <Title order={3} fz="xl" c="white">
              Launch New Experiment
            </Title>
            <Text c="violet.0" maw={520}>
              Have an idea the lab should try next? Pitch it and watch it run in public.
            </Text>
            <Anchor href="#contact" c="white" fw={700} underline="always">
              Get Started
            </Anchor>
          </Stack>
        </Card>
      </SimpleGrid>
    </LandingSection>
  );
}
