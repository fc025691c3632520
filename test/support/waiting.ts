/**
 * Waiting in tests for what happens after an answer (a webhook sent, a push arrived, a process
 * back): polls, and fails naming what it waited for. A budget for a loaded machine, not a
 * measurement.
 */

/** Polls `probe` every `everyMs` until it gives something other than undefined, and resolves with that. */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, { ms = 20_000, everyMs = 100, what = 'a value' } = {}): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${ms} ms)`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Polls `condition` every `everyMs` until it holds (20 s, as eventually: a cross-process push at load 10 once took over 10). */
export async function until(what: string, condition: () => boolean | Promise<boolean>, { ms = 20_000, everyMs = 50 } = {}): Promise<void> {
  await eventually(async () => ((await condition()) ? true : undefined), { ms, everyMs, what });
}
