// A load process (child_process.fork) holding many Socket.IO client connections.
// Parent → worker: {cmd:'open', …}, {cmd:'collect', key}, {cmd:'close'}.
// Worker → parent: {type:'opened'}, {type:'done', key, times, requests} once every socket of
// this worker has the change named `key` (or on 'collect', with what arrived so far), {type:'closed'}.
//
// Modes:
//   listen          records when `event` arrives (key: the payload's `keyPath`).
//   screens-payload a doctor screen as the web app does after issue 8: queue:status is put
//                   into the cache as is; doctor:held refetches GET /order/current only when
//                   the id changed; a reconnect refetches GET /system-status once.
//   screens-refetch a doctor screen as the web app did before: every queue:status refetches
//                   GET /system-status (current when that answer arrives).
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let config;
const arrivals = new Map(); // key -> times[]
const reported = new Set();
let requests = 0;
let heldEvents = 0;

const get = (obj, path) => path.split('.').reduce((o, k) => (o == null ? o : o[k]), obj);

function record(key) {
  let times = arrivals.get(key);
  if (!times) arrivals.set(key, (times = []));
  times.push(now());
  if (times.length === sockets.length && !reported.has(key)) report(key, false);
}

function report(key, partial) {
  reported.add(key);
  process.send({ type: 'done', key, times: arrivals.get(key) ?? [], requests, heldEvents, partial });
  arrivals.delete(key);
}

function connect(index) {
  const cookie = config.cookies.length ? config.cookies[index % config.cookies.length] : undefined;
  const socket = io(config.url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: config.mode.startsWith('screens'),
    extraHeaders: cookie ? { cookie } : {},
    query: config.room ? { room: config.room } : {},
    timeout: 60_000,
  });
  const fetchJson = async (path) => {
    requests++;
    const res = await fetch(config.apiUrl + '/ui-api/v1' + path, { headers: { cookie, accept: 'application/json' } });
    const text = await res.text();
    return text ? JSON.parse(text) : null;
  };
  if (config.mode === 'listen') {
    socket.on(config.event, (payload) => record(String(get(payload, config.keyPath))));
  } else {
    const screen = { status: null, held: null, connectedBefore: false };
    socket.on('connect', () => {
      if (screen.connectedBefore) void fetchJson('/system-status').then((s) => (screen.status = s));
      screen.connectedBefore = true;
    });
    socket.on('queue:status', (payload) => {
      const key = String(payload.waitingForDoctor);
      if (config.mode === 'screens-payload') {
        screen.status = payload;
        record(key);
      } else {
        fetchJson('/system-status').then(
          (s) => {
            screen.status = s;
            record(key);
          },
          () => undefined,
        );
      }
    });
    socket.on('doctor:held', (payload) => {
      heldEvents++;
      const id = payload?.pickedOrder ?? null;
      if (id === screen.held) return;
      screen.held = id;
      void fetchJson('/order/current').catch(() => undefined);
    });
  }
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      resolve(err);
    });
  });
}

process.on('message', async (msg) => {
  if (msg.cmd === 'open') {
    config = msg;
    let failed = 0;
    let firstError = '';
    const start = sockets.length;
    for (let i = start; i < start + msg.count; i += msg.concurrency ?? 50) {
      const batch = [];
      for (let j = i; j < Math.min(start + msg.count, i + (msg.concurrency ?? 50)); j++) batch.push(connect(j));
      for (const s of await Promise.all(batch)) {
        if (s instanceof Error) {
          failed++;
          firstError ||= s.message;
        } else sockets.push(s);
      }
    }
    process.send({ type: 'opened', ok: sockets.length, failed, firstError });
  } else if (msg.cmd === 'collect') {
    if (!reported.has(msg.key)) report(msg.key, true);
  } else if (msg.cmd === 'close') {
    for (const s of sockets.splice(0)) s.close();
    arrivals.clear();
    reported.clear();
    requests = 0;
    heldEvents = 0;
    process.send({ type: 'closed' });
  }
});
