import { describe, expect, it } from 'vitest';
import { experimentMeta } from './experiment-head';
import { testSite } from '../../../test/site';

const experiment = {
  id: 3,
  title: 'Public Domain Flipping',
  description: 'Modern editions of public domain books.',
  status: 'Active' as const,
  statusColor: 'text-green-500',
  projectCount: 4,
  imageUrl: '/images/experiments/public-domain-flipping.svg',
  slug: 'public-domain-flipping',
  story: '',
  state: 'running' as 'running' | 'killed',
  stateChangedAt: null as string | null,
  verdict: null as string | null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The rest of the page's data, which its <head> does not read. */
const none = { amount: null, range: null };
const rest = {
  storyHtml: '',
  figures: {
    slug: experiment.slug,
    privacy: 'hidden' as const,
    revenue: none,
    costs: none,
    profit: none,
    months: [],
    bandRule: null,
  },
  milestones: [],
};

describe('experimentMeta', () => {
  it('describes the experiment as an article with its own preview image', () => {
    expect(experimentMeta({ ...rest, experiment }, testSite(), 'https://journey.example')).toEqual({
      title: 'Public Domain Flipping · AI Arena · Solo Unicorn',
      socialTitle: 'Public Domain Flipping',
      description: 'Modern editions of public domain books.',
      type: 'article',
      image: {
        url: 'https://journey.example/lab/public-domain-flipping/og.png',
        alt: 'Public Domain Flipping: an experiment of the AI Arena, running',
      },
    });
  });

  it('leads a killed experiment’s description with its verdict', () => {
    const killed = {
      ...experiment,
      state: 'killed' as const,
      stateChangedAt: '2026-11-20T10:00:00.000Z',
      verdict: 'Nobody found the books.',
    };
    const meta = experimentMeta({ ...rest, experiment: killed }, testSite(), 'https://journey.example');
    expect(meta.description).toBe('Killed: Nobody found the books. Modern editions of public domain books.');
    expect(meta.image.alt).toBe('Public Domain Flipping: an experiment of the AI Arena, killed');
  });
});
