import { useEffect } from 'react';
import { PageData } from '../../components/page-data';
import { ExperimentGrid } from '../experiments/experiment-grid';
import { MilestoneTimeline } from '../milestones/milestone-timeline';
import { RevenueOverTime } from '../revenue/revenue-over-time';
import { RevenueTracker } from '../revenue/revenue-tracker';
import { ContactSection } from './contact-section';
import { sectionsHydrated } from './sections-needed';
import { SiteFooter } from './site-footer';
import { StorySection } from './story-section';

/**
 * The landing page's sections below the hero, fetched when needed (sections-needed.ts), with the query
 * cache and tRPC client they read from (PageData: the app's, inside it).
 */
export function LandingSections() {
  useEffect(sectionsHydrated, []);
  return (
    <PageData>
      <RevenueTracker />
      <RevenueOverTime />
      <StorySection />
      <MilestoneTimeline />
      <ExperimentGrid />
      <ContactSection />
    </PageData>
  );
}

export function LandingFooter() {
  return <SiteFooter />;
}
