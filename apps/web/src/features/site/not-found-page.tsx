import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { notFoundTitle } from '../../lib/head';
import { paths } from '../../lib/paths';
import { useRenderStatus } from '../../lib/render-status';
import { useSite } from '../../lib/site-context';
import { SiteHeader } from '../landing/site-header';
import { SitePage } from './site-page';

/** Any unknown address: the spec's heading and text inside the site's header and footer, a way back. */
export function NotFoundPage() {
  const site = useSite();
  useRenderStatus(404);
  useDocumentTitle(notFoundTitle(site));
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="sm" py={{ base: 72, sm: 120 }}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={72} radius="xl" variant="light" color="violet">
          <IconMapPinOff size={40} aria-hidden />
        </ThemeIcon>
        <Title order={1}>404 Page Not Found</Title>
        <Text size="lg">Did you forget to add the page to the router?</Text>
        <Button component={Link} to={paths.home} mt="md">
          Back to the journey
        </Button>
      </Stack>
    </SitePage>
  );
}
