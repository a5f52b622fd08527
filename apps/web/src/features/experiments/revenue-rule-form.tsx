import {
  assignmentField,
  assignmentLabel,
  CONNECTION_PROVIDER_NAMES,
  EXPERIMENT_ASSIGNMENT_KIND_LABELS,
  EXPERIMENT_ASSIGNMENT_KINDS,
  experimentAssignmentRule,
  type ExperimentAssignment,
  type ExperimentAssignmentKind,
  type ExperimentAssignmentRuleInput,
} from '@journey/contracts';
import { Alert, Button, Group, Loader, NativeSelect, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { useConnections } from '../connections/use-connections';

interface RuleValues {
  provider: string;
  kind: ExperimentAssignmentKind;
  value: string;
}

const KIND_OPTIONS = EXPERIMENT_ASSIGNMENT_KINDS.map((kind) => ({
  value: kind,
  label: EXPERIMENT_ASSIGNMENT_KIND_LABELS[kind],
}));

const VALUE_HINTS = {
  product: 'The product’s id at the provider, as its dashboard shows it',
  price: 'The price’s (or variant’s) id at the provider, as its dashboard shows it',
};

const EMPTY: RuleValues = { provider: '', kind: 'price', value: '' };

/** The server's messages about the rule at `index` of the list, by the form's field. */
function errorsOfRule(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `rules.${index}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, message]) => [key.slice(prefix.length), message]),
  );
}

/**
 * Adds a rule to an experiment's list: a connected provider's whole connection, or one of its products
 * or prices by the id the provider gives it. The connections are the Connections tab's.
 */
export function RevenueRuleForm(props: {
  rules: readonly ExperimentAssignment[];
  save: (rules: readonly ExperimentAssignmentRuleInput[]) => Promise<unknown>;
  pending: boolean;
}) {
  const connections = useConnections();
  const form = useForm<RuleValues>({
    initialValues: EMPTY,
    validate: schemaResolver(experimentAssignmentRule, { sync: true }),
  });
  if (connections.isPending) return <Loader size="sm" aria-label="Loading connections" />;
  const connected = connections.data?.connections ?? [];
  if (connected.length === 0) {
    return (
      <Alert color="gray" title="No connection yet">
        Rules give an experiment the revenue a payment provider’s syncs bring. Connect one in the Connections
        tab first; until then, assign entries to this experiment by hand.
      </Alert>
    );
  }
  const providerOptions = [
    { value: '', label: 'Choose a connection' },
    ...connected.map(({ provider }) => ({ value: provider, label: CONNECTION_PROVIDER_NAMES[provider] })),
  ];
  const kind = form.values.kind;

  const add = async (values: RuleValues) => {
    // Checked already (the form's resolver): parsing gives the rule as it is sent, its id trimmed.
    const rule = experimentAssignmentRule.parse(values);
    const same = (other: ExperimentAssignment) =>
      other.provider === rule.provider && other.kind === rule.kind && other.value === rule.value;
    if (props.rules.some(same)) {
      form.setErrors({ [assignmentField(rule)]: 'This experiment has this rule already.' });
      return;
    }
    try {
      await props.save([...props.rules, rule]);
    } catch (error) {
      const errors = errorsOfRule(serverFieldErrors(error), props.rules.length);
      form.setErrors(errors);
      if (Object.keys(errors).length === 0)
        notifyError('Error', serverMessage(error) ?? 'The rule could not be added.');
      return;
    }
    notifySuccess('Rule added', assignmentLabel(rule));
    form.setFieldValue('value', '');
  };

  return (
    <form noValidate onSubmit={form.onSubmit(add)} aria-label="Add a rule">
      <Group align="flex-start" grow>
        <NativeSelect
          label="Connection"
          data={providerOptions}
          withAsterisk
          {...form.getInputProps('provider')}
        />
        <NativeSelect
          label="Applies to"
          data={KIND_OPTIONS}
          {...form.getInputProps('kind')}
          onChange={(event) => {
            const next = event.currentTarget.value as ExperimentAssignmentKind;
            form.setFieldValue('kind', next);
            // A whole connection has no id: one typed for a product is not sent with it.
            if (next === 'connection') form.setFieldValue('value', '');
          }}
        />
      </Group>
      {kind !== 'connection' && (
        <TextInput
          mt="sm"
          label={`${EXPERIMENT_ASSIGNMENT_KIND_LABELS[kind]} id`}
          description={VALUE_HINTS[kind]}
          withAsterisk
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('value')}
        />
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" disabled={props.pending}>
          {props.pending ? 'Saving...' : 'Add rule'}
        </Button>
      </Group>
    </form>
  );
}
