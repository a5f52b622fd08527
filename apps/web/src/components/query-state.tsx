import { Center, Loader, Text } from '@mantine/core';

/** A list's spinner while its query loads, announced by `label` ('Loading the outbox'). */
export function QueryLoading(props: { label: string; py: 'md' | 'xl' }) {
  return (
    <Center py={props.py}>
      <Loader role="status" aria-label={props.label} />
    </Center>
  );
}

/** The alert in a list's place when its query failed: "The {what} could not be loaded." */
export function QueryFailed(props: { what: string }) {
  return (
    <Text role="alert" c="red.8">
      The {props.what} could not be loaded.
    </Text>
  );
}
