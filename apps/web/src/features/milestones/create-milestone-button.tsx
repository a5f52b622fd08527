import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useNeededOnce } from '../../components/on-demand';

// The dialog, its form and its save are fetched on first open: the landing page ships only the button.
const AddMilestoneModal = lazy(() => import('./add-milestone-modal'));

/** 'Add New Milestone': the button and its dialog, shown to a signed-in user only. */
export function AddMilestoneDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const openedOnce = useNeededOnce(opened);
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Add New Milestone
      </Button>
      {openedOnce && (
        <Suspense fallback={null}>
          <AddMilestoneModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
