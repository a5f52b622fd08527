import Bowser from 'bowser';

/** What a session's device is called when its client sent no User-Agent. */
export const UNKNOWN_DEVICE = 'Unknown device';

/** How much of a client's own product token (`curl/8.5.0`) names its device. */
const PRODUCT_TOKEN_MAX = 60;

/**
 * A session's device as a person reads it: "Chrome 131 on macOS", "Safari 17 on iOS". A client no
 * browser list knows (a script, curl) is named by the first word of its User-Agent ("curl/8.5.0").
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent?.trim()) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  const browserName = browser.name ? [browser.name, major].filter(Boolean).join(' ') : '';
  if (browserName && os.name) return `${browserName} on ${os.name}`;
  if (browserName) return browserName;
  const product = userAgent.trim().split(/\s+/, 1)[0] ?? '';
  const client = product.slice(0, PRODUCT_TOKEN_MAX);
  return os.name ? `${client} on ${os.name}` : client;
}
