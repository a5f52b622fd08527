/*
 * The CSS of the Mantine components a page fetches after its first paint (the landing page's mobile
 * menu and revenue charts, the toasts), in Mantine's order (see ./entry.ts): kept out of the landing
 * page's inline stylesheet and its 15 KB budget (docs/decisions/027-landing-page-budget.md).
 */
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
