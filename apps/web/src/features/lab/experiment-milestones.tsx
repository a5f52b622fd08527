import type { DatedMilestoneLink } from '@journey/contracts';
import { milestonePath } from '@journey/contracts/constants';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatDate } from '../../lib/format';

/** The experiment's milestones, newest first, each a link to its own page. */
export function ExperimentMilestones({ milestones }: { milestones: DatedMilestoneLink[] }) {
  return (
    <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
      {milestones.map((milestone) => (
        <li key={milestone.id}>
          <Anchor component={Link} to={milestonePath(milestone)} fw={700}>
            {milestone.title}
          </Anchor>
          <Text size="sm" c="dimmed">
            Day {milestone.day.toLocaleString('en-US')} ·{' '}
            <time dateTime={milestone.date}>{formatDate(milestone.date)}</time>
          </Text>
        </li>
      ))}
    </Stack>
  );
}
