import { vi } from 'vitest';

/**
 * Vitest fake timers that Testing Library can drive. Its async helpers (user-event's actions,
 * waitFor, findBy*) wait on a real-looking setTimeout and only advance fake clocks when a global
 * `jest` exists; without it they hang. The stub is removed by `vi.unstubAllGlobals()` in setup.ts.
 */
export function installFakeTimers(config: Parameters<typeof vi.useFakeTimers>[0] = {}) {
  vi.useFakeTimers(config);
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
