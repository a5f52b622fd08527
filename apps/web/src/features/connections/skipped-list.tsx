import type { SkippedItem } from '@journey/contracts';
import { List, Text } from '@mantine/core';

/**
 * What a connection read and did not count, and why (docs/decisions/077-provider-connections.md):
 * folded under its count, since a test-mode order or a payment waiting for its rate is not an error.
 */
export function SkippedList(props: { count: number; items: readonly SkippedItem[] }) {
  if (props.count === 0) return null;
  const label = `${props.count.toLocaleString('en-US')} ${props.count === 1 ? 'transaction' : 'transactions'} not counted`;
  return (
    <details>
      <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
        {label}
      </Text>
      <List size="sm" spacing={4} mt="xs" aria-label={label}>
        {props.items.map((item) => (
          <List.Item key={item.externalId} style={{ overflowWrap: 'anywhere' }}>
            <Text span size="sm" ff="monospace">
              {item.externalId}
            </Text>
            : {item.reason}
          </List.Item>
        ))}
      </List>
      {props.items.length < props.count && (
        <Text size="xs" c="dimmed" mt={4}>
          The newest {props.items.length} of them.
        </Text>
      )}
    </details>
  );
}
