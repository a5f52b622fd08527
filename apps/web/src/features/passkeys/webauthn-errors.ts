/**
 * Why the browser's WebAuthn call failed, in words for the owner: the browser names the error, and
 * the common ones are a cancel (or the prompt timing out) and a passkey this device already holds.
 */
export function webauthnFailure(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'it was cancelled, or the browser’s prompt timed out.';
  if (name === 'InvalidStateError') return 'this device already holds a passkey for this account.';
  if (name === 'NotSupportedError') return 'this browser or device does not support passkeys.';
  if (name === 'SecurityError') return 'the browser refused it for this site’s address.';
  return error instanceof Error && error.message ? error.message : 'the browser refused it.';
}
