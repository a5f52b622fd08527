import type { Experiment } from '@journey/contracts';
import { EXPERIMENT_STATE_LABELS } from '@journey/contracts/constants';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconSkull } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';

type StateOf = Pick<Experiment, 'state' | 'stateChangedAt' | 'verdict'>;

/** Each state's badge colour; shade 9 (light) keeps white text above AA on both schemes. */
export const STATE_COLORS: Record<Experiment['state'], string> = {
  running: 'teal.9',
  paused: 'yellow.9',
  killed: 'red.9',
};

/** The rule beside a stopped experiment's note. */
const STATE_RULES: Record<Experiment['state'], string> = {
  running: 'var(--mantine-color-teal-7)',
  paused: 'var(--mantine-color-yellow-7)',
  killed: 'var(--mantine-color-red-7)',
};

const ICONS = { running: IconPlayerPlay, paused: IconPlayerPause, killed: IconSkull };

/** The state as a badge: "Killed", "Paused", "Running" (docs/decisions/081-experiment-state.md). */
export function ExperimentStateBadge({
  state,
  size = 'md',
}: {
  state: Experiment['state'];
  size?: 'sm' | 'md' | 'lg';
}) {
  const Icon = ICONS[state];
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant="filled"
      radius="sm"
      size={size}
      leftSection={<Icon size={12} aria-hidden />}
    >
      {EXPERIMENT_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * A paused or killed experiment's note: its state badge with the date it stopped, and its verdict.
 * Nothing for a running one. A killed experiment stays on the page, marked, never hidden.
 */
export function ExperimentStateNote({
  experiment,
  size = 'sm',
  withBadge = true,
}: {
  experiment: StateOf;
  size?: 'sm' | 'md';
  /** False where the badge shows already (an experiment's page, beside its status). */
  withBadge?: boolean;
}) {
  if (experiment.state === 'running') return null;
  return (
    // Inline, not a CSS module: the landing page's first CSS has a budget (docs/decisions/047-landing-page-weight.md).
    <Stack
      gap={6}
      pl="sm"
      data-state={experiment.state}
      style={{ borderLeft: `3px solid ${STATE_RULES[experiment.state]}` }}
    >
      <Group gap="xs" wrap="wrap">
        {withBadge && <ExperimentStateBadge state={experiment.state} size={size} />}
        {experiment.stateChangedAt && (
          <Text size={size} c="dimmed" component="span">
            {EXPERIMENT_STATE_LABELS[experiment.state]} on{' '}
            <time dateTime={experiment.stateChangedAt}>{formatDate(experiment.stateChangedAt)}</time>
          </Text>
        )}
      </Group>
      {experiment.verdict && (
        <Text size={size} fw={600} fs="italic">
          <span className="visually-hidden">Verdict: </span>
          {experiment.verdict}
        </Text>
      )}
    </Stack>
  );
}
