import { notifications } from '@mantine/notifications';

export function notifySuccess(title: string, message?: string) {
  notifications.show({ title, message: message ?? '', color: 'teal' });
}

/** The spec's destructive toast. */
export function notifyError(title: string, message: string) {
  notifications.show({ title, message, color: 'red' });
}
