import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { serverMessage } from '../../lib/trpc';

interface TokenMutation {
  mutate: (input: { token: string }) => void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * One action of a newsletter link: a button that sends the link's token, then what happened. The page
 * itself changes nothing (docs/decisions/040-newsletter-delivery.md): mail scanners open links, people
 * press buttons.
 */
export function TokenAction(props: {
  token: string;
  mutation: TokenMutation;
  label: string;
  done: ReactNode;
  color?: string;
  variant?: 'filled' | 'light' | 'outline';
}) {
  const { mutation } = props;
  const hydrated = useHydrated();
  if (mutation.isSuccess)
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
        {props.done}
      </Alert>
    );
  return (
    <Stack gap="sm" align="flex-start">
      <Button
        color={props.color}
        variant={props.variant ?? 'filled'}
        loading={mutation.isPending}
        // Before the script runs a press would be lost, so the server renders it disabled.
        disabled={!props.token || !hydrated}
        onClick={() => mutation.mutate({ token: props.token })}
      >
        {props.label}
      </Button>
      {mutation.error !== null && mutation.error !== undefined && (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {serverMessage(mutation.error) ?? 'Something went wrong. Please try again.'}
        </Alert>
      )}
    </Stack>
  );
}

const subscribeToNothing = () => () => {};

/** False on the server and while hydrating, true once React owns the page. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/** Said when the page was opened without a token: the link was cut when it was copied. */
export function MissingToken() {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      This link is incomplete: open it from the email again, or copy the whole address.
    </Alert>
  );
}

export function BackHome() {
  return (
    <Text size="sm">
      <Link to={paths.home}>Back to the journey</Link>
    </Text>
  );
}
