import type { SiteInfo as PublicSiteInfo } from '@journey/contracts';
import type { ComponentType } from 'react';
import { LandingPage } from '../features/landing/landing-page';
import { PageClientsContext, type PageClients } from '../lib/page-clients-context';
import { HydrationMarker } from './hydration-marker';
import { paths } from '../lib/paths';
import type { RoutedApp } from './routed-app';
import { SiteProvider } from '../lib/site-context';
import { ThemeProvider } from './theme-provider';

export interface RootProps {
  /** The page's path and query. */
  url: string;
  /** The owner's settings, as the server answered them; unknown where the browser renders alone. */
  site: PublicSiteInfo | undefined;
  origin: string | undefined;
  /** The server's query cache and tRPC client; none in the browser. */
  clients?: PageClients | undefined;
  /** The router's part (routed-app.tsx), fetched first on every page but the landing page. */
  app?: ComponentType<Parameters<typeof RoutedApp>[0]> | undefined;
  /** Set on the server, which renders the router at that address. */
  serverLocation?: string | undefined;
}

/**
 * The one tree every page is rendered as on the server and hydrated as in the browser
 * (docs/decisions/063-one-render-path-and-hydration.md). The landing page, which most visitors open
 * first, is rendered without the router, the query cache or tRPC: its links to other pages load them
 * as documents, and its sections below the hero bring the data they need when needed. Every other page
 * is the routed app.
 */
/** True where the landing page is rendered without the routed app. */
export const landingAlone = (url: string, site: PublicSiteInfo | undefined) =>
  url.split(/[?#]/, 1)[0] === paths.home && site !== undefined;

export function Root(props: RootProps) {
  const RoutedPart = props.app;
  return (
    <PageClientsContext.Provider value={props.clients ?? null}>
      <SiteProvider site={props.site} origin={props.origin}>
        <ThemeProvider>
          {landingAlone(props.url, props.site) ? (
            <>
              <LandingPage />
              <HydrationMarker />
            </>
          ) : RoutedPart ? (
            <RoutedPart location={props.serverLocation} origin={props.origin} />
          ) : null}
        </ThemeProvider>
      </SiteProvider>
    </PageClientsContext.Provider>
  );
}
