import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The form control labelled exactly `label`; Mantine's required asterisk (" *") is part of the
 * label's text, and a PasswordInput's "Toggle password visibility" button must not match.
 */
export function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

export function queryField(label: string): HTMLElement | null {
  return screen.queryByLabelText(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));
}

/**
 * Waits until every field named shows its message under it (null: no message), as validation on
 * submit sets them all at once.
 */
export async function expectFieldMessages(messages: Record<string, string | null>) {
  await waitFor(() => {
    for (const [label, message] of Object.entries(messages)) {
      if (message === null) expect(field(label), label).not.toHaveAccessibleDescription();
      else expect(field(label), label).toHaveAccessibleDescription(message);
    }
  });
}
