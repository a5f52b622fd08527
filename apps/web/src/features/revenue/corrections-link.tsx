import { Anchor, Text } from '@mantine/core';
import { PageLink } from '../../components/page-link';
import { paths } from '../../lib/paths';
import { useRevenueCorrections } from './use-revenue';

/**
 * "N corrections" under the tracker, linking the public ledger's page, where the visitor's browser
 * checks the chain and the totals (docs/decisions/079-ledger-of-every-write.md). Hidden while there are
 * none: the footer links the ledger anyway, and "No corrections" would only add a line.
 */
export function CorrectionsLink() {
  const { data } = useRevenueCorrections();
  const count = data?.corrections ?? 0;
  if (count === 0) return null;
  return (
    <Text size="sm" c="dimmed" ta="center">
      <Anchor component={PageLink} href={paths.ledger} size="sm" underline="always">
        {count === 1 ? '1 correction' : `${count.toLocaleString('en-US')} corrections`}
      </Anchor>{' '}
      to entries after they were published, in the public ledger
    </Text>
  );
}
