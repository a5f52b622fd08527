import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** A link whose destination does not exist yet: it goes nowhere and says so to screen readers. */
export function PlaceholderLink(props: AnchorProps & { children: ReactNode; label?: string }) {
  const { children, label, ...rest } = props;
  return (
    <Anchor
      href="#"
      onClick={(event) => event.preventDefault()}
      aria-label={label ? `${label} (coming soon)` : undefined}
      {...rest}
    >
      {children}
      {!label && <span className="visually-hidden"> (coming soon)</span>}
    </Anchor>
  );
}
