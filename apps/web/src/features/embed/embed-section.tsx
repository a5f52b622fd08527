import { BADGE_STYLES, BADGE_THEMES, type BadgeStyle, type BadgeTheme } from '@journey/contracts/constants';
import { Box, Group, Input, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useSite } from '../../lib/site-context';
import { Choice, labelled, Snippet, useSiteOrigin } from './embed-controls';
import { embedSnippets } from './embed-snippets';
import { ShieldsSection, WidgetsSection } from './widgets-section';

const THEMES = labelled<BadgeTheme>(BADGE_THEMES, { light: 'Light', dark: 'Dark' });
const STYLES = labelled<BadgeStyle>(BADGE_STYLES, { flat: 'Flat', card: 'Card' });

/** The admin's Embed tab: the progress badge in each theme and style, and snippets to paste elsewhere. */
export function EmbedSection() {
  return (
    <Stack gap={48}>
      <BadgeSection />
      <WidgetsSection />
      <ShieldsSection />
    </Stack>
  );
}

function BadgeSection() {
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
