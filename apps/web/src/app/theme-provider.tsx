import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../lib/theme';

/** Mantine with the site's theme, around every page, in the app and on the landing page alike. */
export function ThemeProvider(props: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {props.children}
    </MantineProvider>
  );
}
