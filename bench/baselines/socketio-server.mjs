// Baseline for the push figures: a bare Socket.IO server (same version as Resepti's) with
// no sessions, no framework. A socket joins the room named in its handshake query;
// POST /emit?room=…&event=… broadcasts the JSON body to that room, then answers 204 — the
// least a server can do for "a change happened, tell the room". REDIS_URL set: the
// @socket.io/redis-streams-adapter carries broadcasts between processes, as in Resepti.
// RECOVERY_WINDOW_MS set: connection state recovery as Resepti's (a reconnecting page gets what
// it missed), so a baseline that keeps what Resepti keeps per socket.
import http from 'node:http';
import { Server } from 'socket.io';

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'GET' && url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (req.method === 'POST' && url.pathname === '/emit') {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      io.to(url.searchParams.get('room')).emit(url.searchParams.get('event'), JSON.parse(body));
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});

const recoveryMs = Number(process.env.RECOVERY_WINDOW_MS ?? 0);
const io = new Server(server, {
  path: '/socket.io',
  serveClient: false,
  ...(recoveryMs > 0 ? { connectionStateRecovery: { maxDisconnectionDuration: recoveryMs, skipMiddlewares: true } } : {}),
});
io.on('connection', (socket) => {
  const room = socket.handshake.query.room;
  if (typeof room === 'string') socket.join(room);
});

if (process.env.REDIS_URL) {
  const { Redis } = await import('ioredis');
  const { createAdapter } = await import('@socket.io/redis-streams-adapter');
  io.adapter(createAdapter(new Redis(process.env.REDIS_URL)));
}

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  process.exit(0);
});
