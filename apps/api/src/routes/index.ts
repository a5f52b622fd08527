// Every route plugin: each reads what it needs from the decorated instance.
export { default as auditCsv } from '../features/audit/csv-route';
export { default as badge } from './badge';
export { default as discovery } from './discovery';
export { default as embeds } from '../features/embeds/routes';
export { default as sharePages } from '../features/embeds/share-page';
export { default as health } from './health';
export { default as openapi } from './openapi';
export { default as oneClickUnsubscribe } from './one-click-unsubscribe';
export { default as openData, OPEN_DATA_PREFIX } from './open-data';
export { default as pages } from './pages';
export { default as previewImage } from './preview-image';
export { default as publicReads } from './public-reads';
export { default as rest } from './rest';
export { default as subscriberExport } from './subscriber-export';
export { default as trpc } from './trpc';
export { default as webhooks } from './webhooks';
