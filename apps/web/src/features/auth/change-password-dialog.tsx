import { ActionIcon, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey } from '@tabler/icons-react';
import { lazy } from 'react';
import { FormDialog } from '../../components/form-dialog';

// The form, its schema and its mutation are fetched on first open, like the other admin dialogs' forms;
// the modal mounts its content only while open, so each opening starts from an empty form.
const ChangePasswordForm = lazy(() => import('./change-password-form'));

const LABEL = 'Change password';

/**
 * The admin header's 'Change password': icon and text from the sm breakpoint up, the icon alone on
 * phones (the header's row has no room for more text there), and the dialog both open.
 */
export function ChangePasswordDialog() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="outline"
        color="gray.2"
        size="sm"
        leftSection={<IconKey size={16} aria-hidden />}
        onClick={open}
        visibleFrom="sm"
      >
        {LABEL}
      </Button>
      <ActionIcon
        variant="outline"
        color="gray.2"
        size={36}
        aria-label={LABEL}
        onClick={open}
        hiddenFrom="sm"
      >
        <IconKey size={18} aria-hidden />
      </ActionIcon>
      <FormDialog title={LABEL} opened={opened} onClose={close}>
        <ChangePasswordForm onDone={close} onCancel={close} />
      </FormDialog>
    </>
  );
}
