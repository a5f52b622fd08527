import type {
  SubscriberImportPreview,
  SubscriberImportRequest,
  SubscriberImportResult,
} from '@journey/contracts';
import { useImportPreview, useImportRun } from '../imports/use-imports';

const PATH = '/api/admin/subscribers/imports';
type Request = Omit<SubscriberImportRequest, 'dryRun'>;

export const usePreviewSubscriberImport = () => useImportPreview<Request, SubscriberImportPreview>(PATH);

/** An import adds subscribers: the table and its counts refresh. */
export const useRunSubscriberImport = () =>
  useImportRun<Request, SubscriberImportResult>(PATH, ['subscribers']);
