/*
 * Mantine's global styles and the CSS of the Mantine components the entry chunk renders: the shell, the
 * landing page and the not-found page. Each code-split module imports, first thing, the CSS of the
 * components it adds (auth-page.tsx, admin-page.tsx, mobile-menu.tsx, the dialogs, forms and date
 * picker, the toasts), so `/` loads only the CSS it uses instead of all of @mantine/core/styles.css.
 *
 * The order of these imports, and of the chunks' stylesheets in the page, does not matter: every
 * Mantine stylesheet is in a cascade layer of its own whose place index.html declares first, and the
 * app's own CSS, unlayered, comes after all of them (vite-plugins/mantine-css-layers.ts,
 * docs/decisions/053-mantine-css-in-ordered-layers.md).
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
