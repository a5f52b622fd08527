import {
  ledgerRevenueIsPublic,
  OPEN_DATA_PATHS,
  type PublishedLedgerRow,
} from '@journey/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { verifyLedger, type PublishedSummary } from './verify-ledger';

async function download(path: string): Promise<Response> {
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
  return response;
}

/**
 * Downloads the ledger and, when its revenue rows are all public, the published totals (the same
 * open-data files anyone can fetch) and checks them here, in the visitor's browser. Not rendered by the
 * server: the point is that the visitor's own machine does the arithmetic.
 */
export function useLedgerVerification() {
  return useQuery({
    queryKey: ['ledger-verification'],
    queryFn: async () => {
      const ledger = (await (await download(OPEN_DATA_PATHS.ledger)).json()) as {
        rows: PublishedLedgerRow[];
      };
      // Totals made of values the owner keeps private cannot be replayed: they are not fetched.
      const published = ledgerRevenueIsPublic(ledger.rows)
        ? await Promise.all([
            download(OPEN_DATA_PATHS.summary).then(
              (response) => response.json() as Promise<PublishedSummary>,
            ),
            download(OPEN_DATA_PATHS.revenueCsv).then((response) => response.text()),
          ]).then(([summary, revenueCsv]) => ({ summary, revenueCsv }))
        : null;
      return { rows: ledger.rows, verification: await verifyLedger(ledger.rows, published) };
    },
    staleTime: Infinity,
    retry: false,
  });
}
