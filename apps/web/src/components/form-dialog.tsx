// Only loaded on demand: the CSS of the Mantine components used here and not in app/mantine-styles.ts.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Center, Loader, Modal } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';

/** A dialog whose form is loaded on first open, so forms and date pickers stay out of the first page load. */
export function FormDialog(props: {
  title: string;
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader aria-label="Loading the form" />
          </Center>
        }
      >
        {props.children}
      </Suspense>
    </Modal>
  );
}
