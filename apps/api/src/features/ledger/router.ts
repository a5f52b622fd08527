import { adminLedgerPageInput, adminLedgerPageSchema, idInput, ledgerRevealSchema } from '@journey/contracts';
import { pageLedger, publishedLedgerRow, revealLedgerRow } from '@journey/db';
import { notFound } from '../../trpc/admin-rows';
import { protectedProcedure, router } from '../../trpc/init';
import { subjectFrom } from '../audit/audit-meta';
import { isPublicRow } from '../open-data/ledger';
import { readSettings } from '../settings/read';

/** Rows of the admin's ledger per page. */
export const ADMIN_LEDGER_PER_PAGE = 20;

const LEDGER_ROW = { noun: 'Ledger row' };

/**
 * The owner's side of the public ledger (docs/decisions/084-ledger-commitments.md): every row with its
 * values and whether the public sees them, and the reveal of a row whose figure is private.
 */
export const ledgerRouter = router({
  /** The ledger, newest first, a page at a time: tRPC only, like the admin's other paged reads. */
  page: protectedProcedure
    .input(adminLedgerPageInput)
    .output(adminLedgerPageSchema)
    .query(async ({ ctx, input }) => {
      const [{ rows, total }, { privacy }] = await Promise.all([
        pageLedger(ctx.database.db, {
          offset: (input.page - 1) * ADMIN_LEDGER_PER_PAGE,
          limit: ADMIN_LEDGER_PER_PAGE,
        }),
        readSettings(ctx),
      ]);
      return {
        rows: rows.map((row) => ({
          ...publishedLedgerRow(row),
          public: isPublicRow(row, privacy),
        })),
        total,
        perPage: ADMIN_LEDGER_PER_PAGE,
      };
    }),

  /** Publishes a row's values for good; revealing a revealed row changes nothing. */
  reveal: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/ledger/{id}/reveal',
        tags: ['ledger'],
        summary: 'Publish the values of a ledger row whose figure is private',
        description:
          'Sets the row’s `revealedAt`: from then on `ledger.json` and `ledger.csv` carry its `old`, `new` and `secret`, which anyone can check against its commitments. It cannot be taken back.',
      },
      // The ledger's rows notify as 'revenues' (docs/decisions/043-correction-ledger.md).
      changes: ['revenues'],
      audit: { action: 'ledger.revealed', subject: subjectFrom('ledger') },
    })
    .input(idInput)
    .output(ledgerRevealSchema)
    .mutation(async ({ ctx, input }) => {
      const revealed = await revealLedgerRow(ctx.database.db, input.id, ctx.now());
      if (!revealed) throw notFound(LEDGER_ROW);
      return revealed;
    }),
});
