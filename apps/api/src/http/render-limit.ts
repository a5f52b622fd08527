/**
 * A bound on the page renders in flight (docs/decisions/057-render-limits-and-http-hardening.md). A
 * render costs tens of milliseconds of the one JavaScript thread; the cached answers cost microseconds.
 * Without a bound, a flood of renders nobody can share (unknown paths, signed-out guards, a Host header
 * per request) fills the event loop and every cached reader waits behind it. With it, at most
 * RENDER_CONCURRENCY renders run, RENDER_QUEUE wait, and the rest are turned away at once.
 */
export const RENDER_CONCURRENCY = 2;
/** Renders waiting for a slot; beyond it a request is turned away with 503 and Retry-After. */
export const RENDER_QUEUE = 16;
/** Seconds a turned-away client is asked to wait: a queue drains in about a second. */
export const RENDER_RETRY_AFTER_SECONDS = 1;
export const RENDER_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** Thrown instead of rendering when the queue is full. */
export class RenderBusyError extends Error {
  constructor() {
    super(RENDER_BUSY_MESSAGE);
  }
}

export class RenderLimiter {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency = RENDER_CONCURRENCY,
    private readonly queue = RENDER_QUEUE,
  ) {}

  /** Runs `render` once a slot is free; rejects with RenderBusyError at once when the queue is full. */
  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queue) throw new RenderBusyError();
      // The slot is handed over by the render that ends, so #running already counts this one.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await render();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
