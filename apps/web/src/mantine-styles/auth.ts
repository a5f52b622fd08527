/* The CSS of the Mantine components /auth adds to the entry's, in Mantine's order (see ./entry.ts). */
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tabs.css';
