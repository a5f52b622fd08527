import { plainTextHtml } from '@journey/markdown';
import Tinypool from 'tinypool';
import { absoluteLinks, plainText, type RenderResult, type RenderTask } from './render-worker';

/**
 * Past this a render is stopped (its thread ended) and the text shown as plain paragraphs: a backstop
 * for an input slower than any measured (docs/decisions/056-newsletter-hardening.md).
 */
export const RENDER_TIME_LIMIT_MS = 30_000;

/** From the sources (tests, `pnpm dev`) the thread loads TypeScript through tsx; the build bundles it to JS. */
const WORKER = import.meta.url.endsWith('.ts') ? './render-worker-from-source.js' : './render-worker.js';

let pool: Tinypool | null = null;
let finished = 0;

function renderPool(): Tinypool {
  pool ??= new Tinypool({
    filename: new URL(WORKER, import.meta.url).href,
    // One thread: renders queue behind each other instead of taking the second core from the requests.
    minThreads: 0,
    maxThreads: 1,
    // Started on the first render and ended after a minute without one: an idle thread holds memory.
    idleTimeout: 60_000,
  });
  // A thread that fails outside a render (it could not start) must not end the server: the render
  // waiting on it fails, and the next one starts a new pool.
  pool.on('error', () => {
    pool = null;
  });
  return pool;
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/**
 * Markdown to sanitized HTML (and, for a mail, plain text) in a worker thread
 * (docs/decisions/056-newsletter-hardening.md): the server keeps answering while a long text renders.
 */
export async function renderOffThread(task: RenderTask): Promise<RenderResult> {
  try {
    const signal = AbortSignal.timeout(RENDER_TIME_LIMIT_MS);
    return (await renderPool().run(task, { signal })) as RenderResult;
  } catch (error) {
    if (!isTimeout(error)) throw error;
    const html = plainTextHtml(task.markdown);
    if (task.mailLinkOrigin === undefined) return { html, text: null };
    return { html: absoluteLinks(html, task.mailLinkOrigin), text: plainText(html) };
  } finally {
    finished++;
  }
}

/** Renders done in this process, for tests: a broadcast renders once, not once per recipient. */
export const rendersFinished = () => finished;
