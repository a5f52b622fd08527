import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

/** An http(s) address up to a space, a quote or a bracket (the plain-text part writes links as `[url]`). */
const URL_PATTERN = /https?:\/\/[^\s<>"'()[\]]+/g;
/** Sentence punctuation right after an address is not part of it. */
const TRAILING = /[.,;:!?]+$/;

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Splits plain text into text and links, each address an `<a>` that opens in the same tab. */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const address = match[0].replace(TRAILING, '');
    if (!isWebAddress(address)) continue;
    parts.push(text.slice(last, match.index));
    parts.push(
      <Anchor key={match.index} href={address} inherit underline="always">
        {address}
      </Anchor>,
    );
    last = match.index + address.length;
  }
  parts.push(text.slice(last));
  return parts;
}

/**
 * A message's plain-text part as text, never as markup: React escapes it, and only the addresses in
 * it become links, so a message cannot put its own HTML into the admin panel.
 */
export function LinkifiedText(props: { text: string }) {
  return (
    <pre
      style={{
        margin: 0,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        fontFamily: 'var(--mantine-font-family-monospace)',
        fontSize: 13,
        lineHeight: 1.55,
      }}
    >
      {linkify(props.text)}
    </pre>
  );
}
