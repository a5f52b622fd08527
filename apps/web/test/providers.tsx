import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { SiteFromQuery } from '../src/app/site-query';
import { ThemeProvider } from '../src/app/theme-provider';
import { Toasts } from '../src/components/toasts';
import { DataProviders } from '../src/lib/data-providers';
import { createQueryClient } from '../src/lib/query-client';
import { createTrpcClient, trpc } from '../src/lib/trpc';
import { getQueryKey } from '@trpc/react-query';
import { createTrpcFetch, type TrpcHandler } from './trpc';

export interface ProvidersOptions {
  /** Stubbed tRPC procedures, by path ('auth.login'). */
  trpc?: Record<string, TrpcHandler>;
  /** Where the MemoryRouter starts. */
  route?: string;
  /** Other routes beside the one rendering `ui` at `route`, e.g. a placeholder for /admin. */
  routes?: Record<string, ReactNode>;
  productName?: string;
  /** The Site tab's journey start (YYYY-MM-DD). */
  journeyStartDate?: string;
  renderOptions?: Omit<RenderOptions, 'wrapper'>;
}

/**
 * Renders `ui` inside what the app puts around its pages (Mantine, toasts, React Query, tRPC) and a
 * MemoryRouter; the tRPC client's fetch is a stub answering from `options.trpc`.
 */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions = {}) {
  const { fetchMock, calls } = createTrpcFetch(options.trpc ?? {});
  vi.stubGlobal('fetch', fetchMock);
  const queryClient = createQueryClient();
  // Every page has the site's settings from the server; components under test get them the same way.
  const productName = options.productName ?? 'Unicorn';
  queryClient.setQueryData(getQueryKey(trpc.settings.site, undefined, 'query'), {
    siteName: `Solo ${productName}`,
    productName,
    contactEmail: '',
    links: { twitter: '', github: '', linkedin: '', youtube: '', podcast: '' },
    journeyStartDate: options.journeyStartDate ?? '2024-01-01',
  });
  const trpcClient = createTrpcClient();
  const route = options.route ?? '/';
  const result = render(
    <DataProviders queryClient={queryClient} trpcClient={trpcClient}>
      <SiteFromQuery origin={undefined}>
        <ThemeProvider>
          <Toasts />
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path={route} element={ui} />
              {Object.entries(options.routes ?? {}).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
            </Routes>
          </MemoryRouter>
        </ThemeProvider>
      </SiteFromQuery>
    </DataProviders>,
    options.renderOptions,
  );
  return { ...result, fetchMock, calls, queryClient };
}
