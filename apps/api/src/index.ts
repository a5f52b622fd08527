export type { AppRouter } from './trpc/router';
export type { PublicTable } from './plugins/public-cache';
