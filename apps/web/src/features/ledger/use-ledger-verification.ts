import { OPEN_DATA_PATHS, type PublishedLedgerRow } from '@journey/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { verifyLedger, type PublishedSummary } from './verify-ledger';

async function download(path: string): Promise<Response> {
  const response = await fetch(path, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${path} answered ${response.status}.`);
  return response;
}

/**
 * Downloads the ledger and the published totals (the same open-data files anyone can fetch) and
 * checks them here, in the visitor's browser. Not rendered by the server: the point is that the
 * visitor's own machine does the arithmetic.
 */
export function useLedgerVerification() {
  return useQuery({
    queryKey: ['ledger-verification'],
    queryFn: async () => {
      const [ledger, summary, revenueCsv] = await Promise.all([
        download(OPEN_DATA_PATHS.ledger).then(
          (response) => response.json() as Promise<{ rows: PublishedLedgerRow[] }>,
        ),
        download(OPEN_DATA_PATHS.summary).then((response) => response.json() as Promise<PublishedSummary>),
        download(OPEN_DATA_PATHS.revenueCsv).then((response) => response.text()),
      ]);
      return { rows: ledger.rows, verification: await verifyLedger(ledger.rows, summary, revenueCsv) };
    },
    staleTime: Infinity,
    retry: false,
  });
}
