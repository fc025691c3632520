// A load process (child_process.fork) holding many patients' pages: one Socket.IO connection each,
// signed in as that patient (Resepti) or joined to that patient's room (the bare baseline).
// Parent → worker: {cmd:'open', url, cookies?, rooms?, patients}, {cmd:'status'}, {cmd:'close'}.
// Worker → parent: {type:'opened', ok, failed, firstError}; {type:'arrived', orderId, patient, t}
// for each order:updated saying 'delivered'; {type:'status', connected, reconnects, recovered}
// (recovered: reconnects the server restored with what the page missed); {type:'closed'}.
//
// A page reconnects as the web app's socket does (socket.io-client's backoff, connection state
// recovery): after a process restart the server replays the pushes the page missed.
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let reconnects = 0;
let recovered = 0;

/** Opens one page; resolves once connected (or refused). */
function connect(url, { cookie, room, patient }) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    extraHeaders: cookie ? { cookie } : {},
    query: room ? { room } : {},
    timeout: 60_000,
  });
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) {
      reconnects++;
      if (socket.recovered) recovered++;
    }
    connectedBefore = true;
  });
  socket.on('order:updated', (payload) => {
    if (payload?.deliveryStatus === 'delivered') process.send({ type: 'arrived', orderId: payload.orderId, patient, t: now() });
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    // only the first handshake's refusal closes the page; later ones are the reconnect's retries
    const refused = (err) => {
      socket.io.reconnection(false);
      socket.close();
      resolve(err.message);
    };
    socket.once('connect_error', refused);
    socket.once('connect', () => {
      socket.off('connect_error', refused);
      resolve(null);
    });
  });
}

process.on('message', async (m) => {
  if (m.cmd === 'open') {
    let ok = 0;
    let failed = 0;
    let firstError;
    // a few hundred handshakes at a time: a page opens at its own pace, not all in one tick
    for (let i = 0; i < m.patients.length; i += 200) {
      const batch = m.patients.slice(i, i + 200).map((patient, j) => connect(m.url, { cookie: m.cookies?.[i + j], room: m.rooms?.[i + j], patient }));
      for (const error of await Promise.all(batch)) {
        if (error) {
          failed++;
          firstError ??= error;
        } else ok++;
      }
    }
    process.send({ type: 'opened', ok, failed, firstError });
  } else if (m.cmd === 'status') {
    process.send({ type: 'status', connected: sockets.filter((s) => s.connected).length, reconnects, recovered });
  } else if (m.cmd === 'close') {
    for (const s of sockets.splice(0)) s.close();
    process.send({ type: 'closed' });
  }
});
