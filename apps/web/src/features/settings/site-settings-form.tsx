import { journeyStartField, settingsSchema, type PublicSettings } from '@journey/contracts';
import {
  AMOUNT_BAND_RULE,
  LEGAL_PAGES,
  PRIVACY_FIGURES,
  PRIVACY_LEVEL_LABELS,
  PRIVACY_LEVELS,
  SETTINGS_LIMITS,
  SOCIAL_LINKS,
} from '@journey/contracts/constants';
import {
  Button,
  Divider,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DateField, DATE_FIELD_HINT, localToday } from '../../components/date-field';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { MarkdownEditor } from './markdown-editor';
import { useSaveSettings, type SettingsFormValues } from './use-settings';

/** The shared rules, with the reader's own today for the journey start (docs/decisions/060-admin-onboarding-and-honest-dates.md). */
const formSchema = settingsSchema.extend({ journeyStartDate: journeyStartField(() => localToday()) });

const fieldId = (field: string) => `setting-${field}`;

/** A link such as the setup checklist's (?tab=site&field=siteName) brings its field into view, focused. */
function useFieldFromLink() {
  const [params] = useSearchParams();
  const field = params.get('field');
  useEffect(() => {
    const input = field ? document.getElementById(fieldId(field)) : null;
    input?.scrollIntoView({ block: 'center' });
    input?.focus({ preventScroll: true });
  }, [field]);
}

/** The two names, required and short. */
const NAMES = [
  {
    key: 'siteName',
    label: 'Site name',
    description: 'The brand in the header, page titles and sharing cards.',
  },
  {
    key: 'productName',
    label: 'Product name',
    description: "What the hero and the tracker call the goal ('the first solo AI-powered …').",
  },
] as const;

/** One part of the form: its heading over its fields. */
function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={3} fz="lg">
        {props.title}
      </Title>
      {props.children}
    </Stack>
  );
}

/** Every setting in one form: saved whole, as the API takes it; messages under the fields. */
export function SiteSettingsForm(props: { settings: PublicSettings }) {
  const save = useSaveSettings();
  const form = useForm<SettingsFormValues>({
    initialValues: props.settings,
    validate: schemaResolver(formSchema, { sync: true }),
  });

  useFieldFromLink();

  const submit = async (values: SettingsFormValues) => {
    try {
      const saved = await save.mutateAsync(values);
      form.setInitialValues(saved);
      form.setValues(saved);
      notifySuccess('Settings saved', 'The public site shows your changes now.');
    } catch (error) {
      console.error(error);
      form.setErrors(serverFieldErrors(error));
      notifyError('Error', serverMessage(error) ?? 'Failed to save the settings. Please try again.');
    }
  };

  const markdown = (path: 'story' | `legal.${(typeof LEGAL_PAGES)[number]['key']}`) => {
    const input = form.getInputProps(path);
    return {
      value: String(input.value ?? ''),
      onChange: (value: string) => form.setFieldValue(path, value),
      error: input.error as string | undefined,
      onBlur: input.onBlur as () => void,
    };
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="xl">
        <Section title="Site">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {NAMES.map((name) => (
              <TextInput
                key={name.key}
                id={fieldId(name.key)}
                label={name.label}
                description={name.description}
                withAsterisk
                maxLength={SETTINGS_LIMITS[name.key].max}
                {...form.getInputProps(name.key)}
              />
            ))}
            <DateField
              id={fieldId('journeyStartDate')}
              label="Journey start"
              description={`Day 1 of the journey; milestone forms count days from it. ${DATE_FIELD_HINT}.`}
              withAsterisk
              {...form.getInputProps('journeyStartDate')}
            />
            <TextInput
              type="email"
              id={fieldId('contactEmail')}
              label="Contact email"
              description="The 'Write to me' card; leave empty to hide it."
              autoComplete="off"
              {...form.getInputProps('contactEmail')}
            />
          </SimpleGrid>
        </Section>

        <Divider />
        <Section title="Revenue figures">
          <Switch
            id={fieldId('computedStats')}
            label="Computed stat cards"
            description="Show the figures computed from your revenue entries on the landing page's stat cards, each saying how it is calculated, instead of the spec's sample values."
            {...form.getInputProps('computedStats', { type: 'checkbox' })}
          />
          <TextInput
            label="Forecast target month"
            description="The month (YYYY-MM) by which the forecast says what monthly growth reaching $1B would take; empty: ten years after the journey start."
            placeholder="YYYY-MM"
            maw={360}
            maxLength={7}
            {...form.getInputProps('forecastTargetMonth')}
          />
        </Section>

        <Divider />
        <Section title="Privacy">
          <Text size="sm" c="dimmed" maw={720}>
            How each figure leaves the site: on the page, in the API and open data, the badge, preview images
            and the ledger (which then publishes a commitment you can reveal later). A breakdown is never
            shown more exactly than the total it adds up to. {AMOUNT_BAND_RULE}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {PRIVACY_FIGURES.map((figure) => (
              <Radio.Group
                key={figure.key}
                id={fieldId(`privacy.${figure.key}`)}
                label={figure.label}
                description={figure.hint}
                {...form.getInputProps(`privacy.${figure.key}`)}
              >
                <Group gap="lg" mt={6}>
                  {PRIVACY_LEVELS.map((level) => (
                    <Radio key={level} value={level} label={PRIVACY_LEVEL_LABELS[level]} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </SimpleGrid>
        </Section>

        <Divider />
        <Section title="Links">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {SOCIAL_LINKS.map((link) => (
              <TextInput
                key={link.key}
                type="url"
                label={link.label}
                description="An https:// address; empty hides the link."
                placeholder="https://"
                {...form.getInputProps(`links.${link.key}`)}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Divider />
        <Section title="Story">
          <MarkdownEditor
            label="Story"
            description="'The Spark' on the landing page. A leading > quote is set apart beside the heading."
            max={SETTINGS_LIMITS.story}
            {...markdown('story')}
          />
        </Section>

        <Divider />
        <Section title="Legal pages">
          {LEGAL_PAGES.map((page) => (
            <MarkdownEditor
              key={page.key}
              label={page.title}
              max={SETTINGS_LIMITS.legal}
              {...markdown(`legal.${page.key}`)}
            />
          ))}
        </Section>

        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
