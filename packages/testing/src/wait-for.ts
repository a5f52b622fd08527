/**
 * Polls `check` every `everyMs` until it returns true; resolves with the time it took, or throws. The
 * default limit is a hang guard for a busy machine; a promised delay passes its own (decision 058).
 */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  { timeoutMs = 60_000, everyMs = 100 } = {},
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
