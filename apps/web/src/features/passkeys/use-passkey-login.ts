import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { User } from '@journey/contracts';
import { useEffect, useRef } from 'react';
import { trpc } from '../../lib/trpc';

/**
 * A sign-in with a passkey (docs/decisions/087-passkeys.md): fresh options from the server, the
 * browser's prompt, and the signed answer, which sets the current user as a password sign-in does.
 */
export function usePasskeyLogin() {
  const utils = trpc.useUtils();
  const options = trpc.auth.passkeyOptions.useMutation();
  const login = trpc.auth.passkey.useMutation({
    onSuccess: (user) => utils.auth.me.setData(undefined, user),
  });
  const signIn = async (useBrowserAutofill = false): Promise<User> => {
    const optionsJSON = (await options.mutateAsync()) as unknown as PublicKeyCredentialRequestOptionsJSON;
    const response = await startAuthentication({ optionsJSON, useBrowserAutofill });
    return login.mutateAsync({ response: response as never });
  };
  return { signIn, isPending: options.isPending || login.isPending };
}

/**
 * Offers the account's passkeys in the username field's autofill while the form is shown, when the
 * browser can (conditional mediation); the request is aborted when the form goes away.
 */
export function useConditionalPasskeyLogin(onSignedIn: () => void) {
  const { signIn } = usePasskeyLogin();
  const latest = useRef({ signIn, onSignedIn });
  useEffect(() => {
    latest.current = { signIn, onSignedIn };
  });
  useEffect(() => {
    let active = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill()) || !active) return;
      try {
        await latest.current.signIn(true);
        if (active) latest.current.onSignedIn();
      } catch {
        // Aborted, or refused: the visible button and the password remain.
      }
    })();
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, []);
}
