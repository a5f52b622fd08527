import type { OwnerSession } from '@journey/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { useNow } from '../../hooks/use-now';
import { serverMessage } from '../../lib/trpc';
import { TwoFactorSection } from '../factors/two-factor-section';
import { PasskeysSection } from '../passkeys/passkeys-section';
import { SessionCard } from './session-card';
import { useEndOtherSessions, useEndSession, useSessions } from './use-sessions';

const plural = (count: number) => (count === 1 ? '1 session' : `${count.toLocaleString('en-US')} sessions`);

/** The admin's Account tab: the second factors (decision 086), then the sessions (decision 085). */
export function AccountTab() {
  return (
    <Stack gap={48}>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
    </Stack>
  );
}

/**
 * The Account tab's sessions (docs/decisions/085-owner-sessions.md): every session of the owner's, this
 * browser's marked, each other one signed out on its own or all of them at once after a question.
 */
function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const sectionRef = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterSignOut(sectionRef, sessions.data);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  const signOut = async (session: OwnerSession) => {
    const ended = await endOne.mutateAsync({ id: session.id }).then(
      () => true,
      (error: unknown) => {
        notifyError('Error', serverMessage(error) ?? 'The session could not be signed out.');
        return false;
      },
    );
    if (!ended) return;
    notifySuccess('Session signed out', `${session.device} is no longer signed in.`);
    focus.after(session);
  };

  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      notifySuccess('Other sessions signed out', `${plural(ended)} signed out. This device stays signed in.`);
      // The dialog would give the focus back to its opener, disabled now that no other session is left.
      focus.headingOnceClosed();
    } catch (error) {
      notifyError('Error', serverMessage(error) ?? 'The other sessions could not be signed out.');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg" ref={sectionRef}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={3} fz={18} id={headingId} tabIndex={-1} style={{ outline: 'none' }}>
            Sessions
          </Title>
          <Text c="dimmed" size="sm" maw={640}>
            Every browser and app signed in to your account. Sign out any you do not recognise; changing your
            password signs out all of them but this one.
          </Text>
        </div>
        {/* Shown with the list it acts on: rendered before the list loads, it would change state as it arrived. */}
        {sessions.isSuccess && (
          <Button
            variant="outline"
            color="red"
            leftSection={<IconLogout size={16} aria-hidden />}
            disabled={others === 0}
            onClick={() => setConfirming(true)}
          >
            Sign out all other sessions
          </Button>
        )}
      </Group>
      {sessions.isPending ? (
        <QueryLoading label="Loading the sessions" py="xl" />
      ) : sessions.isError ? (
        <QueryFailed what="sessions" />
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
          {sessions.data.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              now={now}
              pending={endOne.isPending}
              onSignOut={(chosen) => void signOut(chosen)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        title="Sign out all other sessions?"
        opened={confirming}
        pending={endOthers.isPending}
        confirmLabel="Sign out all"
        pendingLabel="Signing out..."
        color="red.8"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void signOutOthers()}
      >
        <Text size="sm">
          {plural(others)} will be signed out at once, wherever {others === 1 ? 'it is' : 'they are'}. This
          device stays signed in.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * The card that held the focus is gone once its session is signed out: the focus moves to the next
 * card's 'Sign out', else the previous one's, else the tab's heading, never the page body.
 */
function useFocusAfterSignOut(
  sectionRef: RefObject<HTMLDivElement | null>,
  sessions: OwnerSession[] | undefined,
) {
  /** The ids whose 'Sign out' may take the focus, in order; none means the heading takes it. */
  const [pending, setPending] = useState<{ gone: string | null; order: string[] } | null>(null);
  /** The refocus already done: each sign-out moves the focus once. */
  const done = useRef<typeof pending>(null);
  const stillShown = pending?.gone != null && sessions?.some((session) => session.id === pending.gone);

  // Runs once the list no longer shows the session, and after the dialog's close was committed (its
  // focus trap off), so the dialog's own return of the focus finds it placed and leaves it.
  useEffect(() => {
    if (!pending || stillShown || done.current === pending) return;
    done.current = pending;
    const section = sectionRef.current;
    const button = pending.order
      .map((id) => section?.querySelector<HTMLElement>(`[data-session-id="${id}"] button:not([disabled])`))
      .find((found) => found);
    (button ?? section?.querySelector<HTMLElement>('h3'))?.focus();
  }, [sectionRef, pending, stillShown]);

  return {
    after(session: OwnerSession) {
      const ids = sessions?.map((shown) => shown.id) ?? [];
      const index = ids.indexOf(session.id);
      setPending({ gone: session.id, order: [...ids.slice(index + 1), ...ids.slice(0, index).reverse()] });
    },
    headingOnceClosed() {
      setPending({ gone: null, order: [] });
    },
  };
}
