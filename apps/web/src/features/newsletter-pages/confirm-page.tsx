import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useSite } from '../../lib/site-context';
import { SitePage } from '../site/site-page';
import { trpc } from '../../lib/trpc';
import { SiteHeader } from '../landing/site-header';
import { BackHome, MissingToken, TokenAction } from './token-action';

/** /newsletter/confirm?token=…: the confirmation mail's link. Only its button confirms. */
export default function ConfirmPage() {
  const site = useSite();
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = trpc.subscribers.confirm.useMutation();
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="sm" py={{ base: 48, sm: 96 }}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>Confirm your subscription</Title>
        <Text size="lg">
          Press the button to start receiving updates from {site.siteName} by email. You can unsubscribe at
          any time with the link in every email.
        </Text>
        {token ? (
          <TokenAction
            token={token}
            mutation={confirm}
            label="Confirm subscription"
            done={
              confirm.data?.alreadyConfirmed
                ? "You're already subscribed: this address was confirmed before. The next update will reach your inbox."
                : "You're subscribed. Thanks for confirming: the next update will reach your inbox."
            }
          />
        ) : (
          <MissingToken />
        )}
        <BackHome />
      </Stack>
    </SitePage>
  );
}
