/**
 * Group commit (platform/database/group-commit.ts), under the audit rows of reads and the outbox
 * workers' records: what arrives while a write runs goes together in the next one; a lone item
 * is written at once; a shared write that fails is retried item by item, so only the bad item's
 * caller hears of it; a write never exceeds its size bound. (No database: the rule itself.)
 */
import { GroupCommit } from '../../apps/api/src/platform/database/group-commit';

/** A write that waits until released, recording what each write got. */
function gatedWrites(fails: (items: string[]) => boolean = () => false) {
  const writes: string[][] = [];
  const gates: Array<() => void> = [];
  const write = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      writes.push(items);
      gates.push(() => (fails(items) ? reject(new Error(`refused ${items.join(',')}`)) : resolve()));
    });
  const releaseAll = async () => {
    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
  };
  return { writes, write, releaseAll };
}

it('a lone item is written at once; those arriving during a write go together in the next', async () => {
  const { writes, write, releaseAll } = gatedWrites();
  const group = new GroupCommit<string>(write);
  const first = group.add('a');
  expect(writes).toEqual([['a']]);
  const rest = ['b', 'c', 'd'].map((x) => group.add(x));
  expect(writes).toEqual([['a']]);
  await releaseAll();
  await Promise.all([first, ...rest]);
  expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
});

it('a shared write that fails is retried item by item: only the bad item is refused', async () => {
  const { writes, write, releaseAll } = gatedWrites((items) => items.includes('bad'));
  const group = new GroupCommit<string>(write);
  const first = group.add('a');
  const results = ['b', 'bad', 'c'].map((x) => group.add(x).then(() => 'written', (e: Error) => e.message));
  await releaseAll();
  await first;
  expect(await Promise.all(results)).toEqual(['written', 'refused bad', 'written']);
  expect(writes).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
});

it('a write holds at most maxSize (an item larger than that goes alone)', async () => {
  const { writes, write, releaseAll } = gatedWrites();
  const group = new GroupCommit<string>(write, (x) => x.length, 4);
  const all = [group.add('x'), group.add('aa'), group.add('bb'), group.add('c'), group.add('dddddd'), group.add('e')];
  await releaseAll();
  await Promise.all(all);
  expect(writes).toEqual([['x'], ['aa', 'bb'], ['c'], ['dddddd'], ['e']]);
});
