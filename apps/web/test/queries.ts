import { screen } from '@testing-library/react';

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
