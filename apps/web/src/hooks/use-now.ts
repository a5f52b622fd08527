import { useEffect, useState } from 'react';

/**
 * The time, renewed every `everyMs`, or null until the page runs: the server's HTML and the first
 * render in the browser do not depend on the clock, so hydration matches.
 */
export function useNow(everyMs = 60_000): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [everyMs]);
  return now;
}
