import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect, type ReactNode } from 'react';
import { Toasts } from '../../components/toasts';
import { browserQueryClient, browserTrpcClient } from '../../lib/browser-data';
import { DataProviders } from '../../lib/data-providers';
import { ExperimentGrid } from '../experiments/experiment-grid';
import { MilestoneTimeline } from '../milestones/milestone-timeline';
import { RevenueOverTime } from '../revenue/revenue-over-time';
import { RevenueTracker } from '../revenue/revenue-tracker';
import { ContactSection } from './contact-section';
import { deferredRegionHydrated } from './deferred-hydration';
import { SiteFooter } from './site-footer';
import { StorySection } from './story-section';

/**
 * The landing page's sections below the hero, fetched when needed (deferred-hydration.ts). Inside the
 * app they find its query cache and tRPC client; on the landing page's own first load, hydrated
 * without them, they bring their own, filled with the server's answers (and the toasts' container).
 */
function SectionData(props: { region: string; toasts?: true; children: ReactNode }) {
  const inApp = useContext(QueryClientContext) !== undefined;
  const { region } = props;
  useEffect(() => deferredRegionHydrated(region), [region]);
  if (inApp) return props.children;
  return (
    <DataProviders queryClient={browserQueryClient()} trpcClient={browserTrpcClient()}>
      {props.toasts && <Toasts />}
      {props.children}
    </DataProviders>
  );
}

export function LandingSections() {
  return (
    <SectionData region="sections" toasts>
      <RevenueTracker />
      <RevenueOverTime />
      <StorySection />
      <MilestoneTimeline />
      <ExperimentGrid />
      <ContactSection />
    </SectionData>
  );
}

export function LandingFooter() {
  return (
    <SectionData region="footer">
      <SiteFooter />
    </SectionData>
  );
}
