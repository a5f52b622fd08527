import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { onCleanup } from '../lib/cleanup';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The flags this machine's Chromium needs (no sandbox, no GPU, nothing phoning home), headless. */
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--headless=new',
];

/**
 * One Lighthouse run with the default config (mobile: emulated phone, simulated slow 4G and
 * 4× CPU slowdown), in a browser of its own so no run inherits another's cache or state.
 */
export async function runLighthouse(url: string): Promise<RunnerResult> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  const kill = async () => {
    unregister();
    await chrome.kill();
  };
  const unregister = onCleanup(kill);
  try {
    const result = await lighthouse(url, { port: chrome.port, output: ['html', 'json'], logLevel: 'error' });
    if (!result) throw new Error('Lighthouse returned no result');
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    await kill();
  }
}
