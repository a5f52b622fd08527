import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense } from 'react';
import { useNeededOnce } from '../hooks/on-demand';

const NotificationContainer = lazy(() => import('./notification-container'));

/**
 * Mantine's notification container (its transitions, portal and scroll lock) is fetched when the first
 * toast is shown: only signed-in actions show any, so the landing page goes without it. Toasts wait in
 * Mantine's store meanwhile, and the container shows them once mounted.
 */
export function Toasts() {
  const shownOnce = useNeededOnce(useNotifications().notifications.length > 0);
  if (!shownOnce) return null;
  return (
    <Suspense fallback={null}>
      <NotificationContainer />
    </Suspense>
  );
}
