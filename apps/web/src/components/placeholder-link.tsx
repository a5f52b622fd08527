import { Anchor, type AnchorProps } from '@mantine/core';
import { useId, type MouseEvent, type ReactNode } from 'react';

/** What a placeholder link says about itself, besides its name. */
export const PLACEHOLDER_NOTE = 'Coming soon';

/**
 * The props and the note of a link whose destination does not exist yet: it goes nowhere, its name
 * stays its label alone, and "Coming soon" is its description (a hidden note it points at, and a
 * tooltip for the mouse). Render `note` next to the link, outside it, so it never joins the name.
 */
export function usePlaceholder() {
  const noteId = useId();
  return {
    linkProps: {
      href: '#',
      onClick: (event: MouseEvent) => event.preventDefault(),
      'aria-describedby': noteId,
      title: PLACEHOLDER_NOTE,
    },
    note: (
      <span id={noteId} hidden>
        {PLACEHOLDER_NOTE}
      </span>
    ),
  };
}

/** A text link whose destination does not exist yet (see usePlaceholder). */
export function PlaceholderLink(props: AnchorProps & { children: ReactNode }) {
  const { children, ...rest } = props;
  const { linkProps, note } = usePlaceholder();
  return (
    <>
      <Anchor {...linkProps} {...rest}>
        {children}
      </Anchor>
      {note}
    </>
  );
}
