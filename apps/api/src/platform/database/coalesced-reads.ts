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
