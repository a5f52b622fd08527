import { notifications, type NotificationData } from '@mantine/notifications';

/**
 * One toast at a time, and the newest wins at once: Mantine would queue it behind the one on screen
 * until that one closes (5 s), so a stale 'Login failed' would stand over a successful login.
 */
function showOnly(toast: NotificationData) {
  notifications.clean();
  // Mantine's close button has no name of its own; a screen reader would announce just "button".
  notifications.show({ ...toast, closeButtonProps: { 'aria-label': 'Dismiss notification' } });
}

export function notifySuccess(title: string, message?: string) {
  showOnly({ title, message: message ?? '', color: 'teal' });
}

/** The spec's destructive toast. */
export function notifyError(title: string, message: string) {
  showOnly({ title, message, color: 'red' });
}
