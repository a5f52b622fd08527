import {
  Button,
  CopyButton,
  Group,
  Input,
  SegmentedControl,
  Stack,
  Textarea,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { useSite } from '../../lib/site-context';

/** The choices of a control: the contracts' values, in their order, with what the control shows. */
export const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Where the copied snippets point: the server's public origin, else (client-only dev) this page's. */
export function useSiteOrigin(): string {
  const site = useSite();
  return site.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/** A labelled two-way choice; the label is a plain element, as a radio group has no single input. */
export function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const labelId = useId();
  return (
    <Input.Wrapper label={props.label} labelElement="div" labelProps={{ id: labelId }}>
      {/* A block of its own: the control is inline, and the label belongs above it. */}
      <div>
        <SegmentedControl
          aria-labelledby={labelId}
          data={props.options}
          value={props.value}
          onChange={(value) => props.onChange(value as T)}
        />
      </div>
    </Input.Wrapper>
  );
}

/**
 * A read-only snippet with its copy button; a status line tells screen readers it was copied. It fills
 * its grid cell and keeps the button at the bottom, so side by side the two buttons line up however
 * many lines each snippet wraps to.
 */
export function Snippet(props: { label: string; value: string }) {
  return (
    <Stack gap="xs" h="100%">
      <Textarea
        label={props.label}
        value={props.value}
        readOnly
        autosize
        minRows={4}
        spellCheck={false}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
      <CopyButton value={props.value} timeout={2000}>
        {({ copied, copy }) => (
          <Group gap="xs" mt="auto">
            <Button
              variant={copied ? 'light' : 'filled'}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Copied' : `Copy ${props.label}`}
            </Button>
            <VisuallyHidden role="status">
              {copied ? `${props.label} copied to the clipboard` : ''}
            </VisuallyHidden>
          </Group>
        )}
      </CopyButton>
    </Stack>
  );
}
