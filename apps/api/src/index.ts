export type { AppRouter } from './trpc/router';
export type { PageInfo, PageRedirect, RenderedPage, RenderInput, SsrModule } from './http/ssr-module';
