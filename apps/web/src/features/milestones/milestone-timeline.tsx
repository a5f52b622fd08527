import { MILESTONE_SKELETON_COUNT, milestonePath } from '@journey/contracts/constants';
import {
  Anchor,
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCoin, IconFlag } from '@tabler/icons-react';
import { MILESTONE_TEXT } from '../../lib/theme';
import { LandingSection } from '../../components/landing-section';
import { SectionHeading } from '../../components/section-heading';
import { formatDate, formatMoney } from '../../lib/format';
import { useCurrentUser } from '../auth/use-current-user';
import { CreateMilestoneButton } from './create-milestone-button';
import { useMilestones } from './use-milestones';

/** 'Journey Milestones': the timeline; revenue milestones in green, achievements in blue. */
export function MilestoneTimeline() {
  const { data: milestones, isPending, isError } = useMilestones();
  const { data: user } = useCurrentUser();

  return (
    <LandingSection id="milestones">
      <Group justify="space-between" align="flex-end">
        <SectionHeading id="milestones-title" eyebrow="Timeline" title="Journey Milestones">
          The moments that mattered, counted in days since the first line of code.
        </SectionHeading>
        {user && <CreateMilestoneButton />}
      </Group>

      {isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading milestones">
          {Array.from({ length: MILESTONE_SKELETON_COUNT }, (_, index) => (
            <Skeleton key={index} height={96} radius="lg" data-testid="milestone-skeleton" />
          ))}
        </Stack>
      ) : isError ? (
        <Text role="alert">Failed to fetch milestones data</Text>
      ) : milestones.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <Title order={3} fz="lg">
            No milestones yet
          </Title>
          <Text c="dimmed" mt="xs">
            Day one is still being written. The first milestone will appear here.
          </Text>
        </Paper>
      ) : (
        <Timeline bulletSize={36} lineWidth={2} color="violet" active={milestones.length}>
          {milestones.map((milestone) => {
            const revenue = milestone.isRevenue === 1;
            return (
              <Timeline.Item
                key={milestone.id}
                bullet={
                  <ThemeIcon size={36} radius="xl" color={revenue ? 'green.8' : 'blue.8'}>
                    {revenue ? <IconCoin size={20} aria-hidden /> : <IconFlag size={18} aria-hidden />}
                  </ThemeIcon>
                }
              >
                <Paper withBorder radius="lg" p="lg" ml="xs" component="article">
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Title
                      order={3}
                      fz="lg"
                      c={revenue ? MILESTONE_TEXT.revenue : MILESTONE_TEXT.achievement}
                    >
                      {/* A plain link: the page is server-rendered, and a full load opens it at its top. */}
                      <Anchor href={milestonePath(milestone)} c="inherit" inherit>
                        {milestone.title}
                      </Anchor>
                    </Title>
                    <Badge variant="light" color="gray" size="lg" radius="sm">
                      Day {milestone.day}
                    </Badge>
                  </Group>
                  {revenue && milestone.amount && (
                    <Text fw={800} fz="xl" mt={4} c={MILESTONE_TEXT.revenue}>
                      {formatMoney(milestone.amount)}
                    </Text>
                  )}
                  <Text mt="xs">{milestone.description}</Text>
                  <Text size="sm" c="dimmed" mt="sm">
                    <time dateTime={milestone.date}>{formatDate(milestone.date)}</time>
                  </Text>
                </Paper>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </LandingSection>
  );
}
