import { existsSync } from 'node:fs';

/** The system Chromium (never a downloaded one): CHROMIUM_PATH, else Debian's. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** This machine has no network: without these flags Chromium stalls on background connections. */
export const chromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function assertChromium(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing: no executable at ${chromiumPath}. ` +
        'Install it with `apt-get install -y chromium` (or point CHROMIUM_PATH at a Chromium binary). ' +
        'Do not run `playwright install`.',
    );
  }
}
