import { Paper, SimpleGrid, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { MarkdownPreview } from './markdown-preview';

/**
 * A Markdown field with a live preview beside it (below it on phones), rendered as visitors will see
 * it; `preview` replaces the rendered Markdown with a frame of its own (the newsletter's mail).
 */
export function MarkdownEditor(
  props: Omit<TextareaProps, 'value' | 'onChange'> & {
    label: string;
    value: string;
    onChange: (value: string) => void;
    max: number;
    preview?: { label: string; content: ReactNode };
  },
) {
  const { label, value, onChange, max, description, preview, ...rest } = props;
  const previewId = useId();
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Textarea
        {...rest}
        label={label}
        description={
          <>
            {description ?? 'Markdown: **bold**, _italic_, [links](https://…), lists, > quotes.'}{' '}
            {value.length.toLocaleString('en-US')} / {max.toLocaleString('en-US')} characters.
          </>
        }
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={8}
        maxRows={20}
        aria-controls={previewId}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} component="span" aria-hidden>
          Preview
        </Text>
        {/* Focusable, so that a keyboard can scroll a long preview. */}
        <Paper
          component="section"
          id={previewId}
          aria-label={preview?.label ?? `Preview of ${label}`}
          tabIndex={0}
          withBorder
          radius="md"
          p="md"
          mah={480}
          style={{ overflowY: 'auto' }}
        >
          {preview?.content ?? <MarkdownPreview markdown={value} />}
        </Paper>
      </Stack>
    </SimpleGrid>
  );
}
