/*
 * Mantine's CSS comes from this folder only, one module per chunk that needs it: this one for the entry
 * chunk (Mantine's global styles and the components of the shell, the landing page and the not-found
 * page, inlined in the page: docs/decisions/047-landing-page-weight.md), ./on-demand.ts and
 * ./dialogs.ts for what the landing page fetches later, ./auth.ts and ./admin.ts for the two lazy
 * routes. Each lists its stylesheets in Mantine's order, and no other module imports Mantine CSS
 * (mantine-styles.test.ts).
 *
 * The order in which the chunks' stylesheets reach the page does not matter: every Mantine stylesheet
 * is in a cascade layer of its own whose place index.html declares first, and the app's own CSS,
 * unlayered, comes after all of them (vite-plugins/mantine-css-layers.ts,
 * docs/decisions/071-mantine-css-from-one-module-per-chunk.md).
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
