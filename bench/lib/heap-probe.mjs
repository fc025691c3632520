// Preloaded (node --import) into every server the bench starts, Resepti's API and the bare
// baselines alike: answers {type:'heap'} over the IPC channel with the heap used after a full
// GC, so heap per socket is measured the same way on both sides without touching apps/.
if (process.send) {
  process.on('message', (msg) => {
    if (msg?.type !== 'heap') return;
    globalThis.gc?.();
    globalThis.gc?.();
    process.send({ type: 'heap', id: msg.id, heapUsed: process.memoryUsage().heapUsed });
  });
  process.channel?.unref(); // the probe never keeps a server alive
}
