import {
  DEFAULT_EXPERIMENT_IMAGE_URL,
  EXPERIMENT_STATE_LABELS,
  EXPERIMENT_STATES,
  EXPERIMENT_STATUSES,
  EXPERIMENT_STORY_MAX,
  EXPERIMENT_VERDICT_MAX,
  experimentInput,
  STATUS_COLORS,
  type ExperimentInput,
  type ExperimentState,
  isImageAddress,
} from '@journey/contracts';
import {
  Badge,
  Button,
  Group,
  Image,
  NativeSelect,
  NumberInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { EntityFormProps } from '../../components/entity-dialogs';
import { EntityForm } from '../../components/entity-form';
import { DescriptionField, requiredInput } from '../../components/form-fields';

/**
 * The schema's input as the fields hold it; the colour is no field, it follows the status. No verdict
 * is an empty field; an empty slug is made from the title (docs/decisions/081-experiment-state.md).
 */
export type ExperimentFormValues = Required<
  Omit<ExperimentInput, 'statusColor' | 'verdict' | 'slug' | 'story' | 'state'>
> & { imageUrl: string; slug: string; story: string; state: ExperimentState; verdict: string };

const EMPTY: ExperimentFormValues = {
  title: '',
  description: '',
  status: 'Active',
  projectCount: 1,
  imageUrl: DEFAULT_EXPERIMENT_IMAGE_URL,
  slug: '',
  story: '',
  state: 'running',
  verdict: '',
};

const STATE_OPTIONS = EXPERIMENT_STATES.map((state) => ({
  value: state,
  label: EXPERIMENT_STATE_LABELS[state],
}));

/** The one experiment form, for adding and editing; the status sets the colour through the one map. */
export function ExperimentForm(
  props: EntityFormProps<ExperimentFormValues & { statusColor: string }> & {
    initialValues?: ExperimentFormValues;
  },
) {
  const form = useForm<ExperimentFormValues>({
    initialValues: props.initialValues ?? EMPTY,
    validate: schemaResolver(experimentInput, { sync: true }),
  });
  // Previewed once typing pauses, so the prefixes of an address (/og-, /og-i, …) are not fetched.
  const [previewUrl] = useDebouncedValue(form.values.imageUrl.trim(), 400);
  // The failure belongs to the address that failed: a prefix that 404ed during a pause in typing must
  // not hide the preview of the finished address.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const previewFailed = failedUrl === previewUrl;
  const color = STATUS_COLORS[form.values.status];
  const [advancedOpened, setAdvancedOpened] = useState(false);
  // A refused slug (taken, or malformed) opens the section so its message shows.
  const advancedShown = advancedOpened || Boolean(form.errors.slug);
  const stopped = form.values.state !== 'running';

  return (
    <EntityForm
      form={form}
      pending={props.pending}
      onSubmit={(values) =>
        props.onSubmit({
          ...values,
          statusColor: STATUS_COLORS[values.status].className,
          // A running experiment has no verdict: the server clears it anyway.
          verdict: values.state === 'running' ? '' : values.verdict,
        })
      }
    >
      <TextInput label="Title" {...requiredInput(form, 'title')} />
      <DescriptionField minRows={3} {...form.getInputProps('description')} />
      <Group grow align="flex-start">
        <NativeSelect
          label="Status"
          data={[...EXPERIMENT_STATUSES]}
          {...requiredInput(form, 'status')}
          description={
            <Group gap={6} component="span">
              Colour
              <Badge component="span" size="xs" color={`${color.color}.9`} variant="filled">
                {color.color}
              </Badge>
            </Group>
          }
        />
        <NumberInput
          label="Projects"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          {...requiredInput(form, 'projectCount')}
        />
      </Group>
      <Group grow align="flex-start">
        <NativeSelect
          label="State"
          description="Paused or killed experiments stay on the site, marked"
          data={STATE_OPTIONS}
          {...form.getInputProps('state')}
        />
        {stopped ? (
          <TextInput
            label="Verdict"
            description="One line: why it stopped"
            maxLength={EXPERIMENT_VERDICT_MAX}
            withAsterisk={form.values.state === 'killed'}
            {...form.getInputProps('verdict')}
          />
        ) : (
          <div />
        )}
      </Group>
      <TextInput
        label="Image URL"
        description="An https:// address or a path on this site"
        {...form.getInputProps('imageUrl')}
      />
      {/* Only an address the form would accept is fetched: anything else would be requested
            relative to this page, a needless 404. */}
      {isImageAddress(previewUrl) && !previewFailed ? (
        <Image
          src={previewUrl}
          alt="Preview of the experiment image"
          radius="md"
          w={256}
          h={160}
          fit="cover"
          onError={() => setFailedUrl(previewUrl)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {previewFailed
            ? 'No preview: the image could not be loaded.'
            : previewUrl === ''
              ? 'No image URL: the default image will be used.'
              : 'No preview: this is not a valid image URL.'}
        </Text>
      )}
      <Textarea
        label="Story"
        description="Markdown, shown on the experiment's page"
        autosize
        minRows={4}
        maxRows={14}
        maxLength={EXPERIMENT_STORY_MAX}
        {...form.getInputProps('story')}
      />
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          px={4}
          onClick={() => setAdvancedOpened((opened) => !opened)}
          aria-expanded={advancedShown}
          aria-controls={advancedShown ? 'experiment-advanced' : undefined}
          leftSection={
            advancedShown ? (
              <IconChevronDown size={16} aria-hidden />
            ) : (
              <IconChevronRight size={16} aria-hidden />
            )
          }
        >
          Advanced
        </Button>
        {advancedShown && (
          <div id="experiment-advanced">
            <TextInput
              mt="xs"
              label="Slug"
              description={`The page's address: /lab/${form.values.slug.trim() || '…'}. Empty: made from the title.`}
              {...form.getInputProps('slug')}
            />
          </div>
        )}
      </div>
    </EntityForm>
  );
}

export default ExperimentForm;
