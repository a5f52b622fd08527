import { formatMoney, OPEN_DATA_PATHS, REVENUE_SOURCE_LABELS } from '@journey/contracts/constants';
import { Alert, Anchor, Box, Button, Code, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { SitePage } from '../site/site-page';
import { SiteHeader } from '../landing/site-header';
import classes from './ledger.module.css';
import { LedgerRows } from './ledger-rows';
import { useLedgerVerification } from './use-ledger-verification';
import type { LedgerVerification, TotalsCheck } from './verify-ledger';

/**
 * /ledger: every published write of a revenue entry, readable, with the chain, the values and the totals
 * checked in the visitor's browser (docs/decisions/079-ledger-of-every-write.md, 084-ledger-commitments.md).
 */
export default function LedgerPage() {
  const query = useLedgerVerification();
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="lg" py={{ base: 40, sm: 72 }}>
      <Stack gap="lg">
        <Title order={1}>The public ledger</Title>
        <Text size="lg" maw={760}>
          Every creation, edit, deletion and undo of a revenue entry is a row here. Each row carries the
          SHA-256 hash of its own number, its contents and the row before it, so a row changed afterwards
          breaks the chain. A figure the owner keeps private is published as a commitment: the SHA-256 of the
          value and a secret of its row, so the chain verifies without the value, and a value revealed later
          must match it. This page downloads the ledger (
          <Anchor href={OPEN_DATA_PATHS.ledger} underline="always">
            JSON
          </Anchor>
          ,{' '}
          <Anchor href={OPEN_DATA_PATHS.ledgerCsv} underline="always">
            CSV
          </Anchor>
          ) and the published totals, and checks them in your browser.
        </Text>
        {query.isPending ? (
          <Alert color="gray" variant="light" icon={<Loader size="sm" aria-hidden />} role="status">
            Checking the chain in your browser…
          </Alert>
        ) : query.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The ledger could not be checked: {query.error.message}
          </Alert>
        ) : (
          <>
            <VerificationStatus verification={query.data.verification} />
            {query.data.verification.totals ? (
              <TotalsTable check={query.data.verification.totals} />
            ) : (
              <Text maw={760}>
                The totals are kept private by the owner: their rows publish only commitments, which the chain
                above covers, so they cannot be replayed here.
              </Text>
            )}
            <LedgerRows rows={query.data.rows} chain={query.data.verification.chain} />
          </>
        )}
        {!query.isPending && (
          <Group>
            <Button variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
              Check again
            </Button>
          </Group>
        )}
      </Stack>
    </SitePage>
  );
}

function VerificationStatus({ verification }: { verification: LedgerVerification }) {
  const { chain, totals, privateRows } = verification;
  if (!chain.intact)
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        title="Chain broken"
      >
        The chain breaks at row {chain.brokenAt}: {chain.problem}. That row, or one before it, was changed or
        removed after it was published.
      </Alert>
    );
  const head = chain.head ? `head ${chain.head.slice(0, 12)}…` : 'no head yet';
  const rows = `${chain.rows.toLocaleString('en-US')} ${chain.rows === 1 ? 'row' : 'rows'}`;
  if (totals && totals.mismatches.length > 0)
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        role="alert"
        title="Totals differ"
      >
        Chain intact: {rows}, {head}, but {totals.mismatches.length} of {totals.compared} published figures do
        not match the ledger (listed below).
      </Alert>
    );
  return (
    <Alert color="teal" variant="light" icon={<IconShieldCheck aria-hidden />} role="status">
      <Text fw={700}>
        Chain intact: {rows}, {head}
        {totals ? ', totals match.' : `; ${privateRows.toLocaleString('en-US')} kept private by the owner.`}
      </Text>
      <Text size="sm" mt={4}>
        Recomputed in your browser with Web Crypto
        {totals
          ? `: every row's values match its commitments, and all ${totals.compared} published figures (the total, each source and each month) equal the sums of the entries the ledger leaves.`
          : `: ${checkedWithPrivateRows(chain.rows - privateRows)}.`}
        {chain.head && (
          <>
            {' '}
            Head: <Code style={{ overflowWrap: 'anywhere' }}>{chain.head}</Code>
          </>
        )}
      </Text>
    </Alert>
  );
}

/** What the browser checked of a ledger whose totals are private, given its public rows. */
function checkedWithPrivateRows(publicRows: number): string {
  const hashes = "every hash, over the private rows' commitments";
  if (publicRows === 0) return hashes;
  if (publicRows === 1) return `${hashes}, and the values of the 1 public row, which match its commitments`;
  return `${hashes}, and the values of the ${publicRows.toLocaleString('en-US')} public rows, which match their commitments`;
}

function TotalsTable({ check }: { check: TotalsCheck }) {
  const { totals, mismatches } = check;
  const sources = Object.entries(totals.bySource);
  return (
    <Box role="region" aria-label="Totals" tabIndex={0} className={classes.scroller}>
      <Table verticalSpacing="xs" fz="sm" maw={640} miw={300}>
        <caption>Totals replayed from the ledger</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Figure</Table.Th>
            <Table.Th scope="col">From the ledger</Table.Th>
            <Table.Th scope="col">Published</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <FigureRow figure="Total" replayed={totals.total} mismatches={mismatches} />
          {sources.map(([source, amount]) => (
            <FigureRow
              key={source}
              figure={`Source ${source}`}
              label={(REVENUE_SOURCE_LABELS as Record<string, string | undefined>)[source] ?? source}
              replayed={amount}
              mismatches={mismatches}
            />
          ))}
          {mismatches
            .filter((mismatch) => mismatch.figure.startsWith('Month '))
            .map((mismatch) => (
              <FigureRow
                key={mismatch.figure}
                figure={mismatch.figure}
                replayed={mismatch.replayed}
                mismatches={mismatches}
              />
            ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function FigureRow(props: {
  figure: string;
  label?: string;
  replayed: string;
  mismatches: TotalsCheck['mismatches'];
}) {
  const mismatch = props.mismatches.find((candidate) => candidate.figure === props.figure);
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {props.label ?? props.figure}
      </Table.Th>
      <Table.Td>{formatMoney(props.replayed)}</Table.Td>
      <Table.Td>
        {mismatch ? (
          <Text span fw={700} size="sm">
            {formatMoney(mismatch.published)} (differs)
          </Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-teal-6)" />
            <span>{formatMoney(props.replayed)}</span>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
