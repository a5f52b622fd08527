export type { AppRouter } from './trpc/router';
export type { PublicTable } from './plugins/public-cache';
export type { PageInfo, PageRedirect, RenderedPage, RenderInput, SsrModule } from './routes/ssr-module';
