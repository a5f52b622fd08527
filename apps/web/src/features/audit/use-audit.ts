import type { AuditFilter } from '@journey/contracts';
import { AUDIT_CSV_PATH, AUDIT_PAGE_SIZE } from '@journey/contracts/constants';
import { trpc } from '../../lib/trpc';

/** The trail, newest first, a page at a time: "Load more" asks for the next (docs/decisions/088-audit-trail.md). */
export function useAuditPages(filter: AuditFilter) {
  return trpc.audit.list.useInfiniteQuery(
    { ...filter, limit: AUDIT_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
}

/** The CSV export's address with the filters on screen. */
export function auditCsvUrl(filter: AuditFilter): string {
  const query = new URLSearchParams(
    Object.entries(filter).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  ).toString();
  return query ? `${AUDIT_CSV_PATH}?${query}` : AUDIT_CSV_PATH;
}
