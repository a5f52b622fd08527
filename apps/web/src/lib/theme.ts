import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Mantine's green with a deeper shade 9: its own #2b8a3e is 4.4:1 on white, short of AA for text. */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#2f9e44',
  '#1e7a33',
];

/**
 * Shade 8 of the primary colour keeps text on white above WCAG AA contrast (docs/architecture.md#platform-facts), and
 * shade 7 white text on filled buttons in the dark scheme (shade 5 is 4.3:1).
 */
export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 8, dark: 7 },
  fontFamily:
    '"Inter Variable", Inter, "Inter Fallback", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  colors: { green },
  components: {
    // Toasts: a named close button, and message text dark enough for AA (Mantine uses gray.6).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: {
        description: { color: 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))' },
      },
    },
  },
});

/**
 * The text colours of the two kinds of milestone, green for revenue and blue for achievements, in a
 * shade that passes AA in each scheme (shade 9 on light surfaces, shade 4 on dark ones, where shade 9
 * falls under 3:1).
 */
export const MILESTONE_TEXT = {
  revenue: 'var(--journey-milestone-revenue)',
  achievement: 'var(--journey-milestone-achievement)',
} as const;

/**
 * Mantine's dimmed grey (#868e96) is 3.3:1 on white and its error red (#fa5252) 3.3:1; gray.7 and red.9
 * keep secondary text and field errors above 4.5:1. `--journey-surface-muted` is the tinted background
 * of alternate sections and of the admin and sign-in pages, in each scheme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--journey-surface-muted': 'var(--mantine-color-gray-0)',
    '--journey-milestone-revenue': 'var(--mantine-color-green-9)',
    '--journey-milestone-achievement': 'var(--mantine-color-blue-9)',
  },
  dark: {
    // Mantine's dark.2 is 3.5:1 on a dark card; dark.1 is above 4.5:1 on every dark surface.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Mantine's dark error red (red.8) is 3.4:1 on a dark body; red.4 is above 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--journey-surface-muted': 'var(--mantine-color-dark-8)',
    '--journey-milestone-revenue': 'var(--mantine-color-green-4)',
    '--journey-milestone-achievement': 'var(--mantine-color-blue-4)',
  },
});
