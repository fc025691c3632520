/**
 * coalescedReads (GET /system-status's reads): the reads that arrive while a statement is at the
 * database go together in the next statement, never in one that began before them; each gets its
 * own answer, and a failed statement fails only its own reads. coalescedReadsByKey (a patient's
 * orders): the same rule per key.
 */
import { coalescedReads, coalescedReadsByKey } from '../../apps/api/src/platform/database/coalesced-reads';

/** A stand-in for the database: each statement waits until the test answers it. */
function database() {
  const statements: Array<{ keys: number[]; answer: () => void; fail: (err: Error) => void }> = [];
  const reads = coalescedReads<number, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        statements.push({ keys: [...keys], answer: () => resolve(keys.map((k) => `answer ${statements.length} for ${k}`)), fail: reject });
      }),
  );
  return { reads, statements };
}
const turns = async (n = 3) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

it('sends the reads of one turn as one statement, and each read gets the answer for its key', async () => {
  const { reads, statements } = database();
  const answers = Promise.all([reads.load(1), reads.load(2), reads.load(1)]);
  await turns();
  expect(statements.map((s) => s.keys)).toEqual([[1, 2, 1]]);
  statements[0].answer();
  expect(await answers).toEqual(['answer 1 for 1', 'answer 1 for 2', 'answer 1 for 1']);
});

it('holds the reads that arrive while a statement is at the database for the next one, sent once it answers', async () => {
  const { reads, statements } = database();
  const first = reads.load(1);
  await turns();
  const later = [reads.load(1), reads.load(3)];
  await turns(5);
  expect(statements.map((s) => s.keys)).toEqual([[1]]); // not joined to the statement already under way
  const last = reads.load(4);
  statements[0].answer();
  expect(await first).toBe('answer 1 for 1');
  await turns();
  expect(statements.map((s) => s.keys)).toEqual([[1], [1, 3, 4]]);
  statements[1].answer();
  expect(await Promise.all([...later, last])).toEqual(['answer 2 for 1', 'answer 2 for 3', 'answer 2 for 4']);
});

it('fails only the reads of a failed statement; the next statement still goes', async () => {
  const { reads, statements } = database();
  const failed = reads.load(1);
  await turns();
  const next = reads.load(2);
  statements[0].fail(new Error('connection lost'));
  await expect(failed).rejects.toThrow('connection lost');
  await turns();
  expect(statements.map((s) => s.keys)).toEqual([[1], [2]]);
  statements[1].answer();
  expect(await next).toBe('answer 2 for 2');
});

describe('per key', () => {
  /** A stand-in for the database: each statement (of one key) waits until the test answers it. */
  function keyedDatabase() {
    const statements: Array<{ key: string; answer: () => void; fail: (err: Error) => void }> = [];
    const read = coalescedReadsByKey<string, string>(
      (key) =>
        new Promise((resolve, reject) => {
          const n = statements.length + 1;
          statements.push({ key, answer: () => resolve(`answer ${n} for ${key}`), fail: reject });
        }),
    );
    return { read, statements };
  }

  it("holds a key's reads that arrive while its statement is at the database for one next statement; other keys go at once", async () => {
    const { read, statements } = keyedDatabase();
    const first = read('a');
    const waiting = [read('a'), read('a')];
    const other = read('b');
    await turns();
    expect(statements.map((s) => s.key)).toEqual(['a', 'b']); // a's later reads did not join the statement under way
    statements[0].answer();
    expect(await first).toBe('answer 1 for a');
    await turns();
    expect(statements.map((s) => s.key)).toEqual(['a', 'b', 'a']);
    const afterwards = read('a'); // arrives while a's second statement is at the database
    statements[2].answer();
    expect(await Promise.all(waiting)).toEqual(['answer 3 for a', 'answer 3 for a']);
    await turns();
    statements[3].answer();
    expect(await afterwards).toBe('answer 4 for a');
    statements[1].answer();
    expect(await other).toBe('answer 2 for b');
  });

  it('fails only the reads of a failed statement; the next one still goes, and an idle key starts at once', async () => {
    const { read, statements } = keyedDatabase();
    const failed = read('a');
    const next = read('a');
    statements[0].fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turns();
    statements[1].answer();
    expect(await next).toBe('answer 2 for a');
    await turns();
    const later = read('a');
    expect(statements).toHaveLength(3);
    statements[2].answer();
    expect(await later).toBe('answer 3 for a');
  });
});
