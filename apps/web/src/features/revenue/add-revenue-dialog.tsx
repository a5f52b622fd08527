import { useDisclosure } from '@mantine/hooks';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { saveWithToasts } from '../../components/submit-outcome';
import { useCreateRevenue } from './use-revenue';

const RevenueForm = lazy(() => import('./revenue-form'));

/** 'Add New Revenue': the button and its dialog, shown to a signed-in user only (DESIGN.md item 3). */
export function AddRevenueDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  const create = useCreateRevenue();
  return (
    <>
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={open}>
        Add New Revenue
      </Button>
      <FormDialog title="Add New Revenue" opened={opened} onClose={close}>
        <RevenueForm
          pending={create.isPending}
          onSubmit={(values) =>
            saveWithToasts(
              () => create.mutateAsync(values),
              {
                success: 'Revenue added',
                successDetail: 'Your revenue entry has been added successfully.',
                failure: 'There was a problem adding your revenue entry.',
              },
              close,
            )
          }
        />
      </FormDialog>
    </>
  );
}
