import {
  IMPORT_CSV_MAX_BYTES,
  idInput,
  readerExportSchema,
  subscriberImportAnswerSchema,
  subscriberImportInput,
  type ImportLine,
} from '@journey/contracts';
import { readerExport, storeSubscriberImport } from '@journey/db';
import { TRPCError } from '@trpc/server';
import { fieldError, FieldErrorsCause } from '../../trpc/errors';
import { PUBLIC_DATA_UNCHANGED, protectedProcedure, router } from '../../trpc/init';
import { fieldOf } from '../audit/audit-meta';
import { ImportFileError } from '../imports/read-file';
import { planSubscriberImport } from './plan';

const tags = ['subscribers'];
/** The rows in error a refused import names in its answer's `errors`, as the other imports. */
const NAMED_ERRORS = 20;
/** The CSV's 10 MB as JSON text, as the other imports (docs/decisions/044-provider-imports.md). */
const BODY_LIMIT = 2 * IMPORT_CSV_MAX_BYTES + 64 * 1024;

/** A 400 naming the first rows in error: an import with any stores nothing. */
function rowErrors(errors: ImportLine[]): TRPCError {
  const [first] = errors;
  const rows = errors.length === 1 ? '1 row has an error' : `${errors.length} rows have errors`;
  const message = `Line ${first?.line}: ${first?.message} Nothing was imported: ${rows}.`;
  const named = Object.fromEntries(errors.slice(0, NAMED_ERRORS).map((e) => [`line ${e.line}`, e.message]));
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldErrorsCause(named) });
}

const COUNTS = ['added', 'confirmed', 'pending', 'unsubscribed', 'alreadyOnList', 'confirmationsQueued'];

/**
 * docs/decisions/096-subscriber-import.md: another service's subscriber export into the list, and the
 * answer to a reader's access request. Subscribers are never public: nothing cached changes.
 */
export const subscriberImportsRouter = router({
  create: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/subscribers/imports',
        tags,
        summary: 'Import subscribers from a Listmonk, Substack, Ghost or Mailchimp export, or a generic CSV',
        description:
          'With `dryRun` the preview: the addresses to add with the status each gets (`confirmed` with the consent evidence the export holds, `pending` to be sent a confirmation, `unsubscribed` never mailed), those already on the list (left as they are), the rows repeating an address, and the rows refused with their line (header = 1) and reason. Without it the import, in one transaction, with one confirmation mail queued per pending address and no other mail; or 400 naming the lines in error, storing nothing.',
      },
      ...PUBLIC_DATA_UNCHANGED,
      bodyLimit: BODY_LIMIT,
      signedInBeforeBody: true,
      // A dry run stores nothing; the file itself is never kept, only the counts.
      audit: {
        action: 'import.subscriber',
        detail: ({ input, output }) => ({
          format: fieldOf(input, 'format'),
          ...Object.fromEntries(COUNTS.map((key) => [key, fieldOf(output, key)])),
        }),
        skip: ({ input }) => fieldOf(input, 'dryRun') === true,
      },
    })
    .input(subscriberImportInput)
    .output(subscriberImportAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const plan = await planSubscriberImport(ctx.database.db, input.format, input.csv).catch(
        (error: unknown) => {
          if (error instanceof ImportFileError) throw fieldError('BAD_REQUEST', 'csv', error.message);
          throw error;
        },
      );
      if (input.dryRun) return plan.preview;
      if (plan.errors.length > 0) throw rowErrors(plan.errors);
      const result = await storeSubscriberImport(ctx.database.db, {
        entries: plan.entries,
        linkOrigin: ctx.mail.linkOrigin(ctx.req),
        now: ctx.now(),
      });
      if (result.confirmationsQueued > 0) ctx.mail.wake();
      // The plan left out the addresses already on the list; the store, any that arrived since.
      return { ...result, alreadyOnList: result.alreadyOnList + plan.preview.alreadyOnList };
    }),

  /** A reader's access request: everything kept for the address, as JSON. */
  readerExport: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/subscribers/{id}/export',
        tags,
        summary: "Everything kept for one subscriber (a reader's access request)",
      },
    })
    .input(idInput)
    .output(readerExportSchema)
    .query(async ({ ctx, input }) => {
      const found = await readerExport(ctx.database.db, input.id, ctx.now());
      if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Subscriber not found' });
      return found;
    }),
});
