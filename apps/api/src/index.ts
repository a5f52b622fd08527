export type { AppRouter } from './trpc/router';
export type { PublicTable } from './http/public-cache';
export type { PageInfo, PageRedirect, RenderedPage, RenderInput, SsrModule } from './http/ssr-module';
