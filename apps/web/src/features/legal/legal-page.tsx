import { LEGAL_PAGES } from '@journey/contracts/constants';
import { Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { MarkdownContent } from '../../components/markdown-content';
import { SitePage } from '../site/site-page';
import { SiteHeader } from '../landing/site-header';
import { trpc } from '../../lib/trpc';

/** /privacy, /terms and /cookies: the owner's text, rendered by the server, in the site's frame. */
export default function LegalPage() {
  const { pathname } = useLocation();
  const page = LEGAL_PAGES.find((candidate) => candidate.path === pathname) ?? LEGAL_PAGES[0];
  // Answered with the page (routes.ts); a visit by the browser's router fetches it once.
  const { data } = trpc.settings.legal.useQuery({ page: page.key });
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="md" py={{ base: 48, sm: 80 }}>
      <Title order={1} mb="xl">
        {data?.title ?? page.title}
      </Title>
      <MarkdownContent html={data?.html ?? ''} fz="md" lh={1.7} />
    </SitePage>
  );
}
