import { Divider, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useSite } from '../../lib/site-context';
import { SitePage } from '../site/site-page';
import { trpc } from '../../lib/trpc';
import { SiteHeader } from '../landing/site-header';
import { BackHome, MissingToken, TokenAction } from './token-action';

/**
 * /newsletter/unsubscribe?token=…: the page behind every email's unsubscribe link (a mail provider's
 * one-click button posts to the same address instead). Leaving, or deleting the address altogether.
 */
export default function UnsubscribePage() {
  const site = useSite();
  const token = useSearchParams()[0].get('token') ?? '';
  const unsubscribe = trpc.subscribers.unsubscribe.useMutation();
  const erase = trpc.subscribers.erase.useMutation();
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="sm" py={{ base: 48, sm: 96 }}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>Unsubscribe</Title>
        {!token && <MissingToken />}
        {token && !erase.isSuccess && (
          <>
            <Text size="lg">Press the button to stop receiving updates from {site.siteName}.</Text>
            <TokenAction
              token={token}
              mutation={unsubscribe}
              label="Unsubscribe"
              done="You're unsubscribed. No more emails will be sent to this address, unless you sign up and confirm again."
            />
            <Divider w="100%" />
            <Title order={2} size="h4">
              Delete your address
            </Title>
            <Text>
              This also removes your address, your consent record and any email waiting to be sent to you. It
              cannot be undone.
            </Text>
          </>
        )}
        {token && (
          <TokenAction
            token={token}
            mutation={erase}
            label="Delete my address"
            color="red"
            variant="outline"
            done="Your address and everything kept with it have been deleted."
          />
        )}
        <BackHome />
      </Stack>
    </SitePage>
  );
}
