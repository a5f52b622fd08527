import { chromiumArgs, chromiumPath } from '@journey/testing';
import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { onCleanup } from '../lib/cleanup';

/**
 * One Lighthouse run with the default config (mobile: emulated phone, simulated slow 4G and
 * 4× CPU slowdown), in a browser of its own so no run inherits another's cache or state.
 */
export async function runLighthouse(url: string): Promise<RunnerResult> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [...chromiumArgs, '--headless=new'],
    logLevel: 'error',
  });
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
