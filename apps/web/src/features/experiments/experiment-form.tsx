// Only loaded on demand: the CSS of the Mantine components used here and not in app/mantine-styles.ts.
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/NumberInput.css';
import {
  DEFAULT_EXPERIMENT_IMAGE_URL,
  EXPERIMENT_STATUSES,
  experimentInput,
  STATUS_COLORS,
  type ExperimentStatus,
  isImageAddress,
} from '@journey/contracts';
import {
  Badge,
  Button,
  Group,
  Image,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { applyOutcome, type SubmitOutcome } from '../../components/submit-outcome';

export interface ExperimentFormValues {
  title: string;
  description: string;
  status: ExperimentStatus;
  projectCount: number | string;
  imageUrl: string;
}

const EMPTY: ExperimentFormValues = {
  title: '',
  description: '',
  status: 'Active',
  projectCount: 1,
  imageUrl: DEFAULT_EXPERIMENT_IMAGE_URL,
};

/** The one experiment form, for adding and editing; the status sets the colour through the one map. */
export function ExperimentForm(props: {
  initialValues?: ExperimentFormValues;
  pending: boolean;
  onSubmit: (values: ExperimentFormValues & { statusColor: string }) => Promise<SubmitOutcome>;
}) {
  const form = useForm<ExperimentFormValues>({
    initialValues: props.initialValues ?? EMPTY,
    validate: schemaResolver(experimentInput, { sync: true }),
  });
  const [previewFailed, setPreviewFailed] = useState(false);
  // Previewed once typing pauses, so the prefixes of an address (/og-, /og-i, …) are not fetched.
  const [previewUrl] = useDebouncedValue(form.values.imageUrl.trim(), 400);
  const color = STATUS_COLORS[form.values.status];

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        applyOutcome(form, (values: ExperimentFormValues) =>
          props.onSubmit({ ...values, statusColor: STATUS_COLORS[values.status].className }),
        ),
      )}
    >
      <Stack>
        <TextInput label="Title" withAsterisk {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('description')}
        />
        <Group grow align="flex-start">
          <NativeSelect
            label="Status"
            withAsterisk
            data={[...EXPERIMENT_STATUSES]}
            {...form.getInputProps('status')}
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
            withAsterisk
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('projectCount')}
          />
        </Group>
        <TextInput
          label="Image URL"
          description="An https:// address or a path on this site"
          {...form.getInputProps('imageUrl')}
          onChange={(event) => {
            setPreviewFailed(false);
            form.getInputProps('imageUrl').onChange(event);
          }}
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
            onError={() => setPreviewFailed(true)}
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
        <Group justify="flex-end">
          <Button type="submit" disabled={props.pending}>
            {props.pending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default ExperimentForm;
