import { PASSKEY_NAME_MAX, type Passkey } from '@journey/contracts';
import { Alert, Badge, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { formatDate } from '../../lib/format';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import {
  useAddPasskey,
  usePasskeyRegistrationOptions,
  usePasskeys,
  useRemovePasskey,
  useRenamePasskey,
} from './use-passkeys';
import { webauthnFailure } from './webauthn-errors';

/**
 * The Account tab's 'Passkeys' (docs/decisions/087-passkeys.md): each passkey with when it was added
 * and last used, renamed or removed on its own, and new ones added with the browser's prompt.
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const remove = useRemovePasskey();

  const removeChosen = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync({ id: removing.id });
      notifySuccess(
        'Passkey removed',
        `${removing.name} no longer signs in. Your other sessions were signed out.`,
      );
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'The passkey could not be removed.');
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={3} fz={18} id={headingId}>
            Passkeys
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Sign in with your fingerprint, face or device PIN instead of a password, or use a passkey as the
            second factor after it. Adding or removing one signs out your other sessions.
          </Text>
        </div>
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setAdding(true)}>
          Add a passkey
        </Button>
      </Group>
      {passkeys.isPending ? (
        <QueryLoading label="Loading the passkeys" py="md" />
      ) : passkeys.isError ? (
        <QueryFailed what="passkeys" />
      ) : passkeys.data.length === 0 ? (
        <Text size="sm">No passkeys yet. Add one to sign in without typing your password.</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {passkeys.data.map((passkey) => (
            <PasskeyCard
              key={passkey.id}
              passkey={passkey}
              onRename={() => setRenaming(passkey)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </Stack>
      )}
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title="Add a passkey"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <AddPasskeyForm onDone={() => setAdding(false)} />
      </Modal>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title="Rename the passkey"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {renaming && <RenamePasskeyForm passkey={renaming} onDone={() => setRenaming(null)} />}
      </Modal>
      <ConfirmDialog
        title="Remove this passkey?"
        opened={removing !== null}
        pending={remove.isPending}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        color="red.8"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void removeChosen()}
      >
        <Text size="sm">
          {removing?.name} will no longer sign in, and your other sessions are signed out. The passkey stays
          on the device until you delete it there too.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function PasskeyCard(props: { passkey: Passkey; onRename: () => void; onRemove: () => void }) {
  const { passkey } = props;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-passkey-id={passkey.id}>
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={600}>{passkey.name}</Text>
            {passkey.backedUp && (
              <Badge color="gray.8" variant="filled" autoContrast>
                Synced
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Added <time dateTime={passkey.createdAt}>{formatDate(passkey.createdAt)}</time> ·{' '}
            {passkey.lastUsedAt ? (
              <>
                Last used <time dateTime={passkey.lastUsedAt}>{formatDate(passkey.lastUsedAt)}</time>
              </>
            ) : (
              'Never used'
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            aria-label={`Rename ${passkey.name}`}
            onClick={props.onRename}
          >
            Rename
          </Button>
          <Button
            variant="outline"
            color="var(--mantine-color-error)"
            leftSection={<IconTrash size={16} aria-hidden />}
            aria-label={`Remove ${passkey.name}`}
            onClick={props.onRemove}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The name first, then the browser's prompt: a refusal or a cancel is said here, in the dialog. */
function AddPasskeyForm(props: { onDone: () => void }) {
  const options = usePasskeyRegistrationOptions();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pending = options.isPending || add.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Name is required.');
    setNameError(null);
    let response;
    try {
      const optionsJSON = (await options.mutateAsync()) as unknown as PublicKeyCredentialCreationOptionsJSON;
      response = await startRegistration({ optionsJSON });
    } catch (error) {
      return setFailure(serverMessage(error) ?? webauthnFailure(error));
    }
    try {
      const added = await add.mutateAsync({ name: trimmed, response: response as never });
      notifySuccess('Passkey added', `${added.name} signs you in now. Your other sessions were signed out.`);
      props.onDone();
    } catch (error) {
      const field = serverFieldErrors(error).name;
      if (field) setNameError(field);
      else setFailure(serverMessage(error) ?? 'the server did not accept it.');
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <Text size="sm">
          Name it after the device or password manager that keeps it. Your browser then asks you to create the
          passkey.
        </Text>
        <TextInput
          label="Passkey name"
          placeholder="Work laptop"
          data-autofocus
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert" title="The passkey was not added">
            The passkey was not added: {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Waiting for the passkey...' : 'Continue'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RenamePasskeyForm(props: { passkey: Passkey; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(props.passkey.name);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required.');
    try {
      await rename.mutateAsync({ id: props.passkey.id, name: name.trim() });
      notifySuccess('Passkey renamed', `It is called ${name.trim()} now.`);
      props.onDone();
    } catch (failure) {
      setError(
        serverFieldErrors(failure).name ?? serverMessage(failure) ?? 'The passkey could not be renamed.',
      );
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label="Passkey name"
          data-autofocus
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
