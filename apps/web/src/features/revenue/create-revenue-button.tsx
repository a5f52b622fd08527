import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useNeededOnce } from '../../components/on-demand';

// The dialog, its form and its save are fetched on first open: the landing page ships only the button.
const AddRevenueModal = lazy(() => import('./add-revenue-modal'));

/** 'Add New Revenue': the button and its dialog, shown to a signed-in user only (DESIGN.md item 3). */
export function AddRevenueDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const openedOnce = useNeededOnce(opened);
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Add New Revenue
      </Button>
      {openedOnce && (
        <Suspense fallback={null}>
          <AddRevenueModal opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
