import {
  ActionIcon,
  useComputedColorScheme,
  useMantineColorScheme,
  type ActionIconProps,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { startTransition } from 'react';
import { needSectionsNow } from '../landing/sections-needed';

const systemScheme = () => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/**
 * 'Dark mode', pressed or not. The choice is remembered (localStorage, read before the first paint by
 * index.html's script); choosing the scheme the system has goes back to following the system.
 */
export function ColorSchemeToggle(props: Omit<ActionIconProps, 'children'>) {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  // The server cannot know the scheme: the first render matches its HTML, the icons are swapped by CSS.
  const dark = useMounted() && computed === 'dark';

  const toggle = () => {
    const next = dark ? 'light' : 'dark';
    // The scheme is Mantine's context: React would drop the server's HTML of the landing page's sections
    // still waiting to hydrate (sections-needed.ts) for a change above them, unless the change waits
    // for them, as a transition does; so their code is fetched now. The page's colours change at once
    // (Mantine sets <html>'s attribute) (docs/decisions/009-revenue-section-hydrates-with-the-page.md).
    needSectionsNow();
    startTransition(() => setColorScheme(next === systemScheme() ? 'auto' : next));
  };

  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label="Dark mode"
      aria-pressed={dark}
      onClick={toggle}
      {...props}
    >
      <IconMoon size={20} stroke={1.8} aria-hidden className="mantine-dark-hidden" />
      <IconSun size={20} stroke={1.8} aria-hidden className="mantine-light-hidden" />
    </ActionIcon>
  );
}
