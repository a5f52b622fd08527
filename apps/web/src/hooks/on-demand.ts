import { useMounted } from '@mantine/hooks';
import { useState } from 'react';

/*
 * For code that is fetched when first needed (a menu, a dialog, the toasts' container), so a page that
 * only shows what opens it does not load it, nor Mantine's modal machinery (focus trap, scroll lock,
 * transitions, Floating UI).
 */

/** True from the first time `needed` is: the lazy part mounts then, and stays mounted (for its closing transition). */
export function useNeededOnce(needed: boolean): boolean {
  const [neededOnce, setNeededOnce] = useState(needed);
  if (needed && !neededOnce) setNeededOnce(true);
  return neededOnce;
}

/**
 * For a Mantine modal or drawer that is fetched on first open, and so mounts already open: it stays
 * closed for its first render, so Mantine plays the opening transition and records the element to give
 * the focus back to on close.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  return useMounted() && opened;
}
