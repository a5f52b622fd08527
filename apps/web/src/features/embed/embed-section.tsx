import { BADGE_STYLES, BADGE_THEMES, type BadgeStyle, type BadgeTheme } from '@journey/contracts/constants';
import {
  Box,
  Button,
  CopyButton,
  Group,
  Input,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSite } from '../../lib/site-context';
import { embedSnippets } from './embed-snippets';

/** The choices of a control: the contracts' values, in their order, with what the control shows. */
const labelled = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

const THEMES = labelled<BadgeTheme>(BADGE_THEMES, { light: 'Light', dark: 'Dark' });
const STYLES = labelled<BadgeStyle>(BADGE_STYLES, { flat: 'Flat', card: 'Card' });

/** Where the copied snippets point: the server's public origin, else (client-only dev) this page's. */
function useSiteOrigin(): string {
  const site = useSite();
  return site.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/** A labelled two-way choice; the label is a plain element, as a radio group has no single input. */
function Choice<T extends string>(props: {
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
function Snippet(props: { label: string; value: string }) {
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

/** The admin's Embed tab: the progress badge in each theme and style, and snippets to paste elsewhere. */
export function EmbedSection() {
  const site = useSite();
  const origin = useSiteOrigin();
  const [theme, setTheme] = useState<BadgeTheme>('light');
  const [style, setStyle] = useState<BadgeStyle>('flat');
  const snippets = embedSnippets(origin, site.productName, { theme, style });
  const headingId = useId();

  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <div>
        <Title order={3} fz={18} id={headingId}>
          Progress badge
        </Title>
        <Text c="dimmed" size="sm">
          Show the journey&apos;s revenue and progress toward $1B on another site or in a README. The badge
          links here and follows new revenue within five minutes.
        </Text>
      </div>
      <Group gap="lg" align="flex-end">
        <Choice label="Theme" value={theme} options={THEMES} onChange={setTheme} />
        <Choice label="Style" value={style} options={STYLES} onChange={setStyle} />
      </Group>
      <Input.Wrapper label="Preview" labelElement="div">
        {/* The badge on the kind of page it is made for: a light one on white, a dark one on dark. */}
        <Box
          bg={theme === 'dark' ? 'dark.7' : 'white'}
          bd="1px solid var(--mantine-color-default-border)"
          p="lg"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          data-testid="badge-preview"
        >
          <img
            src={snippets.imageUrl}
            alt={snippets.alt}
            width={snippets.width}
            height={snippets.height}
            style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
          />
        </Box>
      </Input.Wrapper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Snippet label="HTML" value={snippets.html} />
        <Snippet label="Markdown" value={snippets.markdown} />
      </SimpleGrid>
    </Stack>
  );
}
