/**
 * Polls `probe` every 25 ms until it answers a value: the crash tests wait for a state of the database
 * (a child blocked at a lock, a backend gone), never for a fixed time.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
