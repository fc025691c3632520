// Preloaded (node --import) into every server the bench starts, Resepti's API and the bare
// baselines alike: answers {type:'heap'} over the IPC channel with the heap used after a full
// GC, so heap per socket is measured the same way on both sides without touching apps/; and
// {type:'snapshot', file} with a heap snapshot written there after a full GC (BENCH_HEAP_SNAPSHOTS).
import { writeHeapSnapshot } from 'node:v8';

if (process.send) {
  process.on('message', (msg) => {
    if (msg?.type !== 'heap' && msg?.type !== 'snapshot') return;
    globalThis.gc?.();
    globalThis.gc?.();
    if (msg.type === 'snapshot') writeHeapSnapshot(msg.file);
    process.send({ type: 'heap', id: msg.id, heapUsed: process.memoryUsage().heapUsed });
  });
  process.channel?.unref(); // the probe never keeps a server alive
}
