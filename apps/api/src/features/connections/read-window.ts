/**
 * The window of a provider that cannot list what changed since a time (Lemon Squeezy's and Polar's
 * orders, Paddle's adjustments; docs/decisions/077-provider-connections.md): a run reads newest first
 * back to an hour before the newest object the last run saw, and once a day it reads to the end, since
 * a refund changes an old object (webhooks tell of it at once in between).
 */

/** An incremental run reads back this far before the newest object seen. */
export const OVERLAP_MS = 60 * 60 * 1000;
const FULL_READ_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ReadWindow {
  /** Unix ms: the run stops at the first page with an object older than this; null reads to the end. */
  stopBefore: number | null;
  /** When the last run that read to the end began, in Unix ms; null before the first. */
  fullReadAt: number | null;
  /** When this run began. */
  startedAt: number;
}

/** A first run's window: the whole history. */
export const firstWindow = (now: number): ReadWindow => ({
  stopBefore: null,
  fullReadAt: null,
  startedAt: now,
});

/** The next run's window, once a run that saw objects up to `newest` (Unix ms) has ended. */
export function nextWindow(at: ReadWindow, newest: number, now: number): ReadWindow {
  const fullReadAt = at.stopBefore === null ? at.startedAt : at.fullReadAt;
  const fullReadDue = fullReadAt === null || now - fullReadAt >= FULL_READ_EVERY_MS;
  return { stopBefore: fullReadDue ? null : newest - OVERLAP_MS, fullReadAt, startedAt: now };
}
