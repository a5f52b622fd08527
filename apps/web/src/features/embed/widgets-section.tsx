import {
  EMBED_PERIODS,
  EMBED_THEMES,
  REVENUE_SERIES_RANGE_LABELS,
  SHIELDS_FIGURES,
  type EmbedPeriod,
  type EmbedTheme,
  type ShieldsFigure,
} from '@journey/contracts/constants';
import { Group, Input, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useSite } from '../../lib/site-context';
import { Choice, labelled, Snippet, useSiteOrigin } from './embed-controls';
import { shieldsSnippet, widgetSnippet, type Widget } from './embed-snippets';

const WIDGETS = labelled<Widget>(['progress', 'chart'], { progress: 'Progress', chart: 'Chart' });
const THEMES = labelled<EmbedTheme>(EMBED_THEMES, { light: 'Light', dark: 'Dark' });
const PERIODS = labelled<EmbedPeriod>(EMBED_PERIODS, REVENUE_SERIES_RANGE_LABELS);
const FIGURES = labelled<ShieldsFigure>(SHIELDS_FIGURES, {
  total: 'Total',
  progress: 'Progress',
  mrr: 'MRR',
});

/** The iframe widgets (docs/decisions/092-embeds-and-shields.md): a live preview and the snippet. */
export function WidgetsSection() {
  const site = useSite();
  const origin = useSiteOrigin();
  const [widget, setWidget] = useState<Widget>('progress');
  const [theme, setTheme] = useState<EmbedTheme>('light');
  const [period, setPeriod] = useState<EmbedPeriod>('all');
  const snippet = widgetSnippet(origin, site.productName, { widget, theme, period });
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <div>
        <Title order={3} fz={18} id={headingId}>
          Widgets
        </Title>
        <Text c="dimmed" size="sm">
          A small page for an iframe on another site: no script, no cookie, and only the figures the site
          shows publicly.
        </Text>
      </div>
      <Group gap="lg" align="flex-end">
        <Choice label="Widget" value={widget} options={WIDGETS} onChange={setWidget} />
        <Choice label="Widget theme" value={theme} options={THEMES} onChange={setTheme} />
        {widget === 'chart' && (
          <Choice label="Period" value={period} options={PERIODS} onChange={setPeriod} />
        )}
      </Group>
      <Input.Wrapper label="Widget preview" labelElement="div">
        <div>
          <iframe
            src={snippet.url}
            title={snippet.title}
            width={snippet.width}
            height={snippet.height}
            style={{ border: 0, maxWidth: '100%', display: 'block' }}
          />
        </div>
      </Input.Wrapper>
      <Snippet label="Widget HTML" value={snippet.html} />
    </Stack>
  );
}

/** shields.io badges drawn from this site's endpoint, for a README that already uses shields. */
export function ShieldsSection() {
  const origin = useSiteOrigin();
  const [figure, setFigure] = useState<ShieldsFigure>('total');
  const snippet = shieldsSnippet(origin, figure);
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <div>
        <Title order={3} fz={18} id={headingId}>
          shields.io badge
        </Title>
        <Text c="dimmed" size="sm">
          shields.io fetches the figure from this site every few minutes; a figure you keep private reads
          &ldquo;private&rdquo;.
        </Text>
      </div>
      <Choice label="Figure" value={figure} options={FIGURES} onChange={setFigure} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Snippet label="shields.io Markdown" value={snippet.markdown} />
        <Snippet label="Endpoint URL" value={snippet.endpoint} />
      </SimpleGrid>
    </Stack>
  );
}
