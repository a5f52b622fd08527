import {
  DEFAULT_EXPERIMENT_IMAGE_URL,
  EXPERIMENT_STATUSES,
  experimentInput,
  STATUS_COLORS,
  type ExperimentInput,
  isImageAddress,
} from '@journey/contracts';
import { Badge, Group, Image, NativeSelect, NumberInput, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { EntityFormProps } from '../../components/entity-dialogs';
import { EntityForm } from '../../components/entity-form';
import { DescriptionField, requiredInput } from '../../components/form-fields';

/** The schema's input as the fields hold it; the colour is no field, it follows the status. */
export type ExperimentFormValues = Required<Omit<ExperimentInput, 'statusColor'>> & { imageUrl: string };

const EMPTY: ExperimentFormValues = {
  title: '',
  description: '',
  status: 'Active',
  projectCount: 1,
  imageUrl: DEFAULT_EXPERIMENT_IMAGE_URL,
};

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

  return (
    <EntityForm
      form={form}
      pending={props.pending}
      onSubmit={(values) =>
        props.onSubmit({ ...values, statusColor: STATUS_COLORS[values.status].className })
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
    </EntityForm>
  );
}

export default ExperimentForm;
