// A load process (child_process.fork) running autocannon against one URL per message, one at a
// time, and answering each with its summary: {rps, p50, p99, non2xx, errors, total}.
import autocannon from 'autocannon';

process.on('message', async ({ url, connections, duration, headers }) => {
  const result = await autocannon({ url, connections, duration, headers });
  process.send({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  });
});
