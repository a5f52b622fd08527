/*
 * Mantine's global styles and the CSS of the Mantine components the entry chunk renders: the shell, the
 * landing page and the not-found page. Each code-split module imports, first thing, the CSS of the
 * components it adds (auth-page.tsx, admin-page.tsx, mobile-menu.tsx, the dialogs, forms and date
 * picker, the toasts), so `/` loads only the CSS it uses instead of all of @mantine/core/styles.css.
 *
 * Rules that keep the cascade as Mantine's own stylesheet has it:
 * - files follow the order of @mantine/core/styles.css (a component after those it is built on);
 * - a file listed here is never imported again elsewhere: it would move into a shared chunk whose CSS
 *   loads before this one;
 * - the app's own CSS comes after (entry-client.tsx imports this module first; a code-split module
 *   imports its Mantine CSS before its own CSS module).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Blockquote.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Title.css';
