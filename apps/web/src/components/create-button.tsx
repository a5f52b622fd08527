import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useNeededOnce } from '../hooks/on-demand';
import type { DialogProps } from './entity-dialogs';

/**
 * An 'Add New …' button and its dialog, given as a lazy component: the dialog, its form and its save
 * are fetched on first open, so a page that only shows the button does not load them.
 */
export function CreateButton(props: { label: string; Dialog: ComponentType<DialogProps>; icon?: ReactNode }) {
  const [opened, { open, close }] = useDisclosure(false);
  const openedOnce = useNeededOnce(opened);
  return (
    <>
      {/* The focus comes here after the table's last row is deleted (hooks/use-delete-flow.ts). */}
      <Button
        leftSection={props.icon ?? <IconPlus size={18} aria-hidden />}
        onClick={open}
        data-create-button
      >
        {props.label}
      </Button>
      {openedOnce && (
        <Suspense fallback={null}>
          <props.Dialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
