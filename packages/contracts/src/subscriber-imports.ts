import { z } from 'zod';
import { enumField } from './enum-field';
import { SUBSCRIBER_STATUSES } from './newsletter-values';
import { isoTimestamp } from './output-fields';
import { importLineSchema, revenueImportInput } from './revenue-imports';

/**
 * docs/decisions/096-subscriber-import.md: another newsletter service's subscriber export into the
 * list. Each row keeps its consent evidence, or waits for the reader's confirmation.
 */
export const SUBSCRIBER_IMPORT_FORMATS = ['listmonk', 'substack', 'ghost', 'mailchimp', 'generic'] as const;
export type SubscriberImportFormat = (typeof SUBSCRIBER_IMPORT_FORMATS)[number];

export const SUBSCRIBER_IMPORT_FORMAT_LABELS: Record<SubscriberImportFormat, string> = {
  listmonk: 'Listmonk',
  substack: 'Substack',
  ghost: 'Ghost',
  mailchimp: 'Mailchimp',
  generic: 'Generic CSV (email, confirmed_at, consent_evidence)',
};

/** The longest consent evidence a generic file's row may carry. */
export const CONSENT_EVIDENCE_MAX = 500;

/** The file's limits and checks are the revenue import's (docs/decisions/044-provider-imports.md). */
export const subscriberImportInput = z.object(
  {
    format: enumField('Format', SUBSCRIBER_IMPORT_FORMATS),
    csv: revenueImportInput.shape.csv,
    dryRun: revenueImportInput.shape.dryRun,
  },
  { error: 'Expected a JSON object.' },
);
export type SubscriberImportRequest = z.input<typeof subscriberImportInput>;

/** A row the import would add, as the preview lists it. */
export const subscriberImportRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** The consent evidence kept with it; null for a pending row, which is sent a confirmation. */
  consentSource: z.string().nullable(),
});
export type SubscriberImportRow = z.infer<typeof subscriberImportRowSchema>;

/**
 * The dry run's answer: the rows it would add (the first 1,000; the counts are exact), by the status
 * each gets, the addresses already on the list (left as they are, never mailed again), the rows
 * repeating an address earlier in the file, and the rows refused with their line and reason.
 */
export const subscriberImportPreviewSchema = z.object({
  add: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
  alreadyOnList: z.number().int(),
  duplicate: z.number().int(),
  rows: z.array(subscriberImportRowSchema),
  errors: z.array(importLineSchema),
});
export type SubscriberImportPreview = z.infer<typeof subscriberImportPreviewSchema>;

/** The import's answer: what it added, and how many confirmation mails it queued (one per pending row). */
export const subscriberImportResultSchema = z.object({
  added: z.number().int(),
  confirmed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
  alreadyOnList: z.number().int(),
  confirmationsQueued: z.number().int(),
});
export type SubscriberImportResult = z.infer<typeof subscriberImportResultSchema>;

export const subscriberImportAnswerSchema = z.union([
  subscriberImportPreviewSchema,
  subscriberImportResultSchema,
]);

/**
 * Everything kept for one address, to answer a reader's access request: the row with its consent
 * evidence, how many link tokens it has, and every mail queued or sent to it.
 */
export const readerExportSchema = z.object({
  subscriber: z.object({
    id: z.number().int(),
    email: z.string(),
    status: z.enum(SUBSCRIBER_STATUSES),
    consent: z.number().int(),
    consentVersion: z.string(),
    consentSource: z.string().nullable(),
    createdAt: isoTimestamp,
    confirmedAt: isoTimestamp.nullable(),
    unsubscribedAt: isoTimestamp.nullable(),
    confirmationQueuedAt: isoTimestamp.nullable(),
    importedAt: isoTimestamp.nullable(),
  }),
  tokens: z.object({ confirm: z.number().int(), unsubscribe: z.number().int() }),
  mail: z.array(
    z.object({
      kind: z.string(),
      status: z.string(),
      /** A broadcast's subject; null for a confirmation mail. */
      subject: z.string().nullable(),
      createdAt: isoTimestamp,
      sentAt: isoTimestamp.nullable(),
    }),
  ),
  exportedAt: isoTimestamp,
});
export type ReaderExport = z.infer<typeof readerExportSchema>;
