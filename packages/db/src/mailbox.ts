/** Domains whose mail servers ignore dots in the local part, and their one mailbox name. */
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/**
 * The mailbox an address delivers to, as far as a sign-up limit needs to know
 * (docs/decisions/056-newsletter-hardening.md): lower case, without a `+tag` (which nearly every
 * provider delivers to the same mailbox), and for Gmail without dots and with googlemail.com as
 * gmail.com. Only the limit uses it: the subscriber keeps the address as typed.
 */
export function mailboxOf(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email.toLowerCase();
  const domain = email.slice(at + 1).toLowerCase();
  let local = email.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  return dotless ? `${local.replaceAll('.', '')}@${dotless}` : `${local}@${domain}`;
}
