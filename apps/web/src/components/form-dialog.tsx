import '../mantine-styles/dialogs';
import { Center, Loader, Modal } from '@mantine/core';
import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

const FIELD = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled)';

/**
 * Puts the focus on the form's first field once the form is there. Mantine's focus trap focuses the
 * first tabbable element when the dialog opens, which is the close button while the form loads; this
 * runs after it (a later task), and leaves the focus alone if the visitor has already moved it.
 */
function FocusFirstField({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  // Marked before the focus trap looks for [data-autofocus], whichever of the two runs last.
  useLayoutEffect(() => {
    ref.current?.querySelector<HTMLElement>(FIELD)?.setAttribute('data-autofocus', '');
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      const container = ref.current;
      const dialog = container?.closest('[role="dialog"]');
      const active = document.activeElement;
      const untouched =
        !active ||
        active === document.body ||
        !dialog?.contains(active) ||
        active.classList.contains('mantine-Modal-close');
      if (container && untouched) container.querySelector<HTMLElement>(FIELD)?.focus();
    });
    return () => clearTimeout(timer);
  }, []);
  return <div ref={ref}>{children}</div>;
}

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
        <FocusFirstField>{props.children}</FocusFirstField>
      </Suspense>
    </Modal>
  );
}
