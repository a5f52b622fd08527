/*
 * The CSS of the owner's dialogs and the forms in them (components/form-dialog.tsx), which the landing
 * page fetches when the signed-in owner opens one and the admin page brings along, in Mantine's order
 * (see ./entry.ts): a chunk of its own, so neither a visitor's landing page nor its other on-demand
 * parts carry it.
 */
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/dates/styles.css';
