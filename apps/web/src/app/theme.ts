import { createTheme } from '@mantine/core';

/** Shade 8 of the primary colour keeps text on white above WCAG AA contrast (DESIGN.md section 5). */
export const theme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 8, dark: 5 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
});
