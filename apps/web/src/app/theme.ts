import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Shade 8 of the primary colour keeps text on white above WCAG AA contrast (DESIGN.md section 5). */
export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 8, dark: 5 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
});

/** Mantine's dimmed grey (#868e96) is 3.3:1 on white; gray.7 keeps secondary text above 4.5:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
