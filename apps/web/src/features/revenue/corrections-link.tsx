import { OPEN_DATA_PATHS } from '@journey/contracts/constants';
import { Anchor, Text } from '@mantine/core';
import { useRevenueCorrections } from './use-revenue';

/**
 * "N corrections" under the tracker, linking the public correction ledger as JSON and CSV
 * (docs/decisions/043-correction-ledger.md). Hidden while there are none: the footer links the
 * ledger anyway, and "No corrections" would only add a line.
 */
export function CorrectionsLink() {
  const { data } = useRevenueCorrections();
  const count = data?.corrections ?? 0;
  if (count === 0) return null;
  return (
    <Text size="sm" c="dimmed" ta="center">
      <Anchor href={OPEN_DATA_PATHS.ledger} size="sm" underline="always">
        {count === 1 ? '1 correction' : `${count.toLocaleString('en-US')} corrections`}
      </Anchor>{' '}
      to entries after they were published (
      <Anchor
        href={OPEN_DATA_PATHS.ledgerCsv}
        size="sm"
        underline="always"
        aria-label="Correction ledger as CSV"
      >
        CSV
      </Anchor>
      )
    </Text>
  );
}
