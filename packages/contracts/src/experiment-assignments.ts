import { z } from 'zod';
import { enumField } from './enum-field';
import {
  CONNECTION_PROVIDER_NAMES,
  CONNECTION_PROVIDERS,
  EXPERIMENT_ASSIGNMENT_KINDS,
  type ConnectionProvider,
  type ExperimentAssignmentKind,
} from './enums';
import { isMissing } from './field-input';
import { idInput } from './number-fields';
import { hasNoNul } from './text-fields';

/**
 * docs/decisions/082-experiment-money.md: the rules that give an experiment revenue it was not assigned
 * by hand. A rule names a connection by its provider; a whole connection's rule has no value, a
 * product's or a price's holds the id that provider gives it (what its syncs store on each entry).
 */
export const EXPERIMENT_ASSIGNMENT_VALUE_MAX = 255;
/** Far more than an experiment sells: the list is sent whole on every change. */
export const EXPERIMENT_ASSIGNMENTS_MAX = 100;

export const EXPERIMENT_ASSIGNMENT_KIND_LABELS: Record<ExperimentAssignmentKind, string> = {
  connection: 'Whole connection',
  product: 'Product',
  price: 'Price',
};

/** What a rule's value names, as its messages start: "Product id is required." */
const VALUE_LABELS = { product: 'Product id', price: 'Price id' } as const;

const kindField = enumField('Kind', EXPERIMENT_ASSIGNMENT_KINDS);

/** What is wrong with a rule's value for its kind, or null: a product or price has one id, a connection none. */
function valueProblem(rule: { kind: ExperimentAssignmentKind; value: string }): string | null {
  if (rule.kind === 'connection')
    return rule.value === '' ? null : 'A whole connection takes no id: leave it empty.';
  const label = VALUE_LABELS[rule.kind];
  if (rule.value === '') return `${label} is required.`;
  return /\s/.test(rule.value) ? `${label} is one word, without spaces.` : null;
}

const kindAndValue = z.object({ kind: kindField, value: z.string() });

export const experimentAssignmentRule = z
  .object(
    {
      provider: enumField('Connection', CONNECTION_PROVIDERS),
      kind: kindField,
      value: z
        .string({ error: 'The id must be text.' })
        .trim()
        .max(
          EXPERIMENT_ASSIGNMENT_VALUE_MAX,
          `The id must be at most ${EXPERIMENT_ASSIGNMENT_VALUE_MAX} characters.`,
        )
        .refine(hasNoNul, 'The id must not contain NUL characters.')
        .default('')
        .describe('The product’s or price’s id at the provider; empty for a whole connection'),
    },
    { error: 'A rule is an object: { provider, kind, value }.' },
  )
  .refine((rule) => valueProblem(rule) === null, {
    path: ['value'],
    error: (issue) => valueProblem(kindAndValue.parse(issue.input)) ?? 'The id is not valid.',
    // Checked as soon as the kind and the id are readable, so a form shows it beside a missing connection.
    when: (payload) => kindAndValue.safeParse(payload.value).success,
  });
export type ExperimentAssignmentRuleInput = z.input<typeof experimentAssignmentRule>;
export type ExperimentAssignmentRule = z.output<typeof experimentAssignmentRule>;

/** The field of a rule its errors name: the connection for a whole connection, else the id. */
export const assignmentField = (rule: { kind: ExperimentAssignmentKind }) =>
  rule.kind === 'connection' ? 'provider' : 'value';

const sameTarget = (a: ExperimentAssignmentRule, b: ExperimentAssignmentRule) =>
  a.provider === b.provider && a.kind === b.kind && a.value === b.value;

/** PUT /api/admin/experiments/{id}/assignments: the experiment's whole list of rules, which replaces its own. */
export const experimentAssignmentsInput = idInput.extend({
  rules: z
    .array(experimentAssignmentRule, {
      error: (iss) => (isMissing(iss.input) ? 'Rules are required.' : 'Rules must be a list.'),
    })
    .max(EXPERIMENT_ASSIGNMENTS_MAX, `An experiment has at most ${EXPERIMENT_ASSIGNMENTS_MAX} rules.`)
    .superRefine((rules, ctx) => {
      rules.forEach((rule, index) => {
        if (rules.findIndex((other) => sameTarget(other, rule)) < index)
          ctx.addIssue({
            code: 'custom',
            path: [index, assignmentField(rule)],
            message: 'This rule is listed twice.',
          });
      });
    }),
});
export type ExperimentAssignmentsInput = z.input<typeof experimentAssignmentsInput>;

export const experimentAssignmentSchema = z.object({
  id: z.number().int(),
  provider: z.enum(CONNECTION_PROVIDERS),
  kind: z.enum(EXPERIMENT_ASSIGNMENT_KINDS),
  value: z.string().describe('The product’s or price’s id at the provider; empty for a whole connection'),
});
export type ExperimentAssignment = z.infer<typeof experimentAssignmentSchema>;

/** The experiment's rules, oldest first. */
export const experimentAssignmentsSchema = z.array(experimentAssignmentSchema);

/** A rule another experiment holds (a 409): each connection, product or price is one experiment's. */
export function assignmentTakenMessage(rule: { kind: ExperimentAssignmentKind }, experiment: string): string {
  const what = { connection: 'This connection', product: 'This product', price: 'This price' }[rule.kind];
  return `${what} is already assigned to the experiment “${experiment}”.`;
}

/** A rule in words: "Stripe price price_123", "Polar, the whole connection". */
export function assignmentLabel(rule: {
  provider: ConnectionProvider;
  kind: ExperimentAssignmentKind;
  value: string;
}): string {
  const name = CONNECTION_PROVIDER_NAMES[rule.provider];
  return rule.kind === 'connection' ? `${name}, the whole connection` : `${name} ${rule.kind} ${rule.value}`;
}
