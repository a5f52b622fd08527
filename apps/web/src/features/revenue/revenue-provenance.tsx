import type { Revenue } from '@journey/contracts';
import { provenanceLabel } from '@journey/contracts/constants';
import { Text } from '@mantine/core';

/** An entry's provenance, and the amount in the customer's currency when that was not USD. */
export function RevenueProvenance({ revenue }: { revenue: Revenue }) {
  return (
    <>
      <Text size="sm">{provenanceLabel(revenue)}</Text>
      {revenue.currency !== 'USD' && (
        <Text size="xs" c="dimmed">
          Paid {revenue.originalAmount} {revenue.currency}
        </Text>
      )}
    </>
  );
}
