import { MantineProvider } from '@mantine/core';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import type { EntityFormProps } from '../src/components/entity-dialogs';
import type { SubmitOutcome } from '../src/components/submit-outcome';
import { cssVariablesResolver, theme } from '../src/lib/theme';

function Wrapper({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

/** Testing Library's render inside the app's Mantine theme. */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: Wrapper, ...options });
}

/** What an entity form's test varies: its values, whether a save is pending, and the save's outcome. */
export interface EntityFormCase<V> {
  initialValues?: V;
  pending?: boolean;
  /** What the submit answers; saved unless given. */
  outcome?: SubmitOutcome;
}

/** Renders the entity form `form` draws with `props`' pending state: the view and the submit's mock. */
export function renderEntityForm<V>(
  form: (props: EntityFormProps<V>) => ReactElement,
  props: EntityFormCase<V>,
) {
  const onSubmit = vi.fn(async (_values: V): Promise<SubmitOutcome> => props.outcome ?? { saved: true });
  return { ...renderWithTheme(form({ pending: props.pending ?? false, onSubmit })), onSubmit };
}
