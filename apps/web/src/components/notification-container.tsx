import '../mantine-styles/on-demand';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@journey/contracts/constants';
import { Notifications } from '@mantine/notifications';

/** Where toasts appear (docs/decisions/019-interface.md); loaded by Toasts when the first one is shown. */
export default function NotificationContainer() {
  return <Notifications limit={TOAST_LIMIT} autoClose={TOAST_DURATION_MS} position="bottom-right" />;
}
