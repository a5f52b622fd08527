import type { ShownTotals } from '@journey/contracts';
import { shownMoneyText } from '@journey/contracts/constants';
import { Box, Text } from '@mantine/core';

const FIGURES = [
  ['revenue', 'Revenue'],
  ['costs', 'Costs'],
  ['profit', 'Profit'],
] as const;

/**
 * An experiment's revenue, costs and profit to date as the owner shows them: amounts, bands, or
 * nothing at all when hidden (docs/decisions/083-privacy-per-figure.md). Inline styles: the arena's
 * cards show it on the landing page, whose first CSS has a budget (docs/decisions/047-landing-page-weight.md).
 */
export function FiguresToDate({ figures, size = 'md' }: { figures: ShownTotals; size?: 'md' | 'xl' }) {
  const shown = FIGURES.map(([key, label]) => ({ label, text: shownMoneyText(figures[key]) }));
  if (shown.every((figure) => figure.text === null)) return null;
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
        gap: 'var(--mantine-spacing-sm)',
      }}
    >
      {shown.map(({ label, text }) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            {label}
          </Text>
          <Text
            component="dd"
            m={0}
            fw={800}
            fz={size}
            style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {text}
          </Text>
        </div>
      ))}
    </Box>
  );
}
