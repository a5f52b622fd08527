import { Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { trpc } from '../../lib/trpc';
import { SiteHeader } from '../landing/site-header';
import { BackHome, MissingToken, TokenAction } from '../newsletter-pages/token-action';
import { SitePage } from '../site/site-page';

/**
 * /account/end-session?token=…: the "end that session" link of a security notice
 * (docs/decisions/089-security-mail.md). Opening it changes nothing; only the button ends the session.
 */
export default function EndSessionPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const end = trpc.auth.endSessionFromMail.useMutation();
  return (
    <SitePage header={<SiteHeader onLanding={false} />} size="sm" py={{ base: 48, sm: 96 }}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>End a session</Title>
        <Text size="lg">
          Press the button to sign out the session the email told you about. Nothing else changes: sign in
          afterwards to change your password and check your second factors.
        </Text>
        {token ? (
          <TokenAction
            token={token}
            mutation={end}
            color="red"
            label="End that session"
            done={
              end.data?.ended === false
                ? 'That session had already ended. If the sign-in was not yours, change your password now.'
                : 'That session is signed out. If the sign-in was not yours, change your password and check your second factors now.'
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
