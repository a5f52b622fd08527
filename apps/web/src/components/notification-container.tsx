// Only loaded on demand: the CSS of the Mantine components used here and not in app/mantine-styles.ts.
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@journey/contracts/constants';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear (docs/decisions/019-interface.md); loaded by Toasts when the first one is shown. */
export default function NotificationContainer() {
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="bottom-right" />;
}
