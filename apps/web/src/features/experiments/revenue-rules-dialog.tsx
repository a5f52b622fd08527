import {
  assignmentLabel,
  type Experiment,
  type ExperimentAssignment,
  type ExperimentAssignmentRuleInput,
} from '@journey/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverMessage } from '../../lib/trpc';
import { RevenueRuleForm } from './revenue-rule-form';
import { useExperimentAssignments, useReplaceAssignments } from './use-experiments';

/** A rule as the list sends it: its target, without its id. */
const targetOf = ({ provider, kind, value }: ExperimentAssignmentRuleInput) => ({ provider, kind, value });

/**
 * An experiment's revenue rules (docs/decisions/082-experiment-money.md): the list, each with its
 * Remove button, and the form that adds one. Every change sends the whole list, as the API takes it.
 */
export function RevenueRulesDialog(props: { experiment: Experiment; onClose: () => void }) {
  const { id, title } = props.experiment;
  const rules = useExperimentAssignments(id);
  const replace = useReplaceAssignments();
  const heading = useRef<HTMLHeadingElement>(null);
  const current = rules.data ?? [];
  const save = (next: readonly ExperimentAssignmentRuleInput[]) =>
    replace.mutateAsync({ id, rules: next.map(targetOf) });

  const remove = async (rule: ExperimentAssignment) => {
    try {
      await save(current.filter((other) => other.id !== rule.id));
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'The rule could not be removed.');
      return;
    }
    notifySuccess('Rule removed', assignmentLabel(rule));
    // Its button is gone: the focus goes back to the list's heading rather than to the page.
    heading.current?.focus();
  };

  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Revenue rules of ${title}`}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="md">
        <Text size="sm">
          An entry assigned to an experiment by hand is that experiment’s. Otherwise a rule gives it one: by
          its price, else its product, else its whole connection.
        </Text>
        <Title order={3} size="h5" ref={heading} tabIndex={-1}>
          Rules
        </Title>
        {rules.isPending ? (
          <Loader size="sm" aria-label="Loading rules" />
        ) : rules.isError ? (
          <Alert color="red">The rules could not be loaded.</Alert>
        ) : current.length === 0 ? (
          <Text size="sm">No rules yet: only entries assigned by hand count for this experiment.</Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            aria-label="Rules"
            style={{ padding: 0, margin: 0, listStyle: 'none' }}
          >
            {current.map((rule) => (
              <Group component="li" key={rule.id} justify="space-between" wrap="nowrap">
                <Text size="sm">{assignmentLabel(rule)}</Text>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`Remove rule ${assignmentLabel(rule)}`}
                  disabled={replace.isPending}
                  onClick={() => void remove(rule)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {rules.isSuccess && <RevenueRuleForm rules={current} save={save} pending={replace.isPending} />}
      </Stack>
    </Modal>
  );
}
