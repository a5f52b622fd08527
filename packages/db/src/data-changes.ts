import postgres from 'postgres';

/** The channel the public tables' triggers notify (public-change-triggers.ts), with the changed table's name as payload. */
export const DATA_CHANGE_CHANNEL = 'journey_public_change';

/** What a watcher of committed writes hears (see `DatabaseHandle.watchDataChanges`). */
export interface DataChangeEvents {
  /** A committed write changed `table`, one of those the public answers show. */
  onChange(table: string): void;
  /** Changes are delivered from now on; any made before may have been missed. */
  onListening(): void;
  /** Changes may be missed from now on (the connection dropped), until the next `onListening`. */
  onLost(): void;
}

export type StopWatching = () => Promise<void>;

/** Short and flat: a listener that waits long after PostgreSQL is back keeps caches off for nothing. */
const RELISTEN_DELAY_MS = 250;

/**
 * LISTENs on a dedicated connection and LISTENs again whenever it drops. postgres.js's own
 * `sql.listen` re-listens too, but tells no one when the connection drops, and a watcher must know:
 * the notifications sent meanwhile are lost.
 */
export async function watchPostgres(
  url: string,
  options: postgres.Options<Record<string, never>>,
  events: DataChangeEvents,
): Promise<StopWatching> {
  let stopped = false;
  let listening = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = () => {
    if (stopped) return;
    if (listening) {
      listening = false;
      events.onLost();
    }
    retry ??= setTimeout(() => void listen(), RELISTEN_DELAY_MS);
  };
  // `onnotify` is how postgres.js's own `sql.listen` hears notifications; its types leave it out.
  const listenerOptions: postgres.Options<Record<string, never>> & {
    onnotify(channel: string, payload: string): void;
  } = {
    ...options,
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotify: (channel, payload) => {
      if (channel === DATA_CHANGE_CHANNEL) events.onChange(payload);
    },
    onclose: lost,
  };
  const client = postgres(url, listenerOptions);
  async function listen() {
    retry = undefined;
    try {
      await client.unsafe(`listen ${DATA_CHANGE_CHANNEL}`);
      if (stopped || listening) return;
      listening = true;
      events.onListening();
    } catch {
      // The connection closed or never opened; `onclose` usually saw it, this covers the rest.
      lost();
    }
  }

  await listen();
  return async () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(retry);
    await client.end({ timeout: 1 });
  };
}

/**
 * PGlite is one backend behind one connection (docs/decisions/065-one-driver-pglite-behind-a-socket.md):
 * a notification comes back on that connection, in the answer of the write that caused it, so the
 * public cache hears a write before the write's caller does. The LISTEN goes through that connection
 * too, once, and its `onnotify` hands each notification to every watcher.
 */
export function sharedConnectionWatchers(listen: () => Promise<unknown>) {
  const watchers = new Set<DataChangeEvents>();
  let listening: Promise<unknown> | undefined;
  const listenOnce = () =>
    (listening ??= listen().catch((error: unknown) => {
      listening = undefined;
      throw error;
    }));
  return {
    onnotify(channel: string, payload: string): void {
      if (channel === DATA_CHANGE_CHANNEL) for (const events of watchers) events.onChange(payload);
    },
    async watch(events: DataChangeEvents): Promise<StopWatching> {
      await listenOnce();
      watchers.add(events);
      events.onListening();
      return async () => {
        watchers.delete(events);
      };
    },
    /** The connection closed: what was sent meanwhile is lost, and the next connection LISTENs again. */
    dropped(): void {
      for (const events of watchers) events.onLost();
      listening = undefined;
      listenOnce().then(
        () => watchers.forEach((events) => events.onListening()),
        () => {}, // The thread is gone: `lost` follows.
      );
    },
    /** The connection is gone for good (PGlite's thread ended): nothing more will be heard. */
    lost(): void {
      for (const events of watchers) events.onLost();
      watchers.clear();
    },
  };
}
