import DataLoader from 'dataloader';

/**
 * A read that many screens make at once (every doctor's screen polls it, and all ask again after a
 * reconnect) as one statement for all of them: the reads that arrive while a statement is at the
 * database wait for its answer and then go together in the next (with those that arrive in the
 * same turn of the event loop). Each read is still answered by a statement that began after it
 * arrived, so no answer is older than the read's own would be; one statement is at the database
 * at a time. `readMany` answers each key in its place (keys may repeat).
 */
export function coalescedReads<K, V>(readMany: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let atDatabase: Promise<unknown> = Promise.resolve();
  return new DataLoader<K, V>(
    (keys) => {
      const answers = readMany(keys);
      atDatabase = answers.catch(() => undefined);
      return answers;
    },
    {
      cache: false,
      maxBatchSize: 1_000,
      batchScheduleFn: (dispatch) => void atDatabase.then(() => setImmediate(dispatch)),
    },
  );
}

/**
 * The same rule per key, for a read of one key's rows (a patient's orders, which the patient's
 * tabs and polls ask for at once): a read that arrives while its key's statement is at the
 * database waits for it to answer and then shares the key's next statement with the others that
 * arrived meanwhile. Each read is still answered by a statement that began after it arrived; a
 * key has one statement at the database at a time, other keys are not held up. A failed
 * statement fails the reads that shared it, never the next one's.
 */
export function coalescedReadsByKey<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  /** Per key: the statement at the database, and the one that waits for it (shared by the reads that arrive meanwhile). */
  const keys = new Map<K, { running: Promise<unknown>; next: Promise<V> | null }>();
  const start = (key: K): Promise<V> => {
    const answer = read(key);
    const state = { running: answer.catch(() => undefined), next: null as Promise<V> | null };
    keys.set(key, state);
    void state.running.then(() => {
      if (keys.get(key) === state && state.next === null) keys.delete(key);
    });
    return answer;
  };
  return (key) => {
    const state = keys.get(key);
    if (!state) return start(key);
    state.next ??= state.running.then(() => start(key));
    return state.next;
  };
}
