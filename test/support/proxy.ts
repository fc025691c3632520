import http from 'node:http';
import net from 'node:net';

/** The header a test client sends to stand for its own address (all test clients connect from 127.0.0.1). */
export const CLIENT_ADDRESS_HEADER = 'x-test-client-address';

export interface TestProxy {
  url: string;
  /** Which target answered each request or upgrade, in order (index into the targets). */
  routed: number[];
  /** Cuts the network for Socket.IO: open WebSockets break, new Socket.IO requests fail, until `false`. */
  blockSocketIo(blocked: boolean): void;
  close(): Promise<void>;
}

/**
 * A tiny reverse proxy in front of several API processes: round-robin per HTTP request and
 * per WebSocket upgrade, like a load balancer without stickiness. A request that carries
 * CLIENT_ADDRESS_HEADER goes to the target that address got first, like nginx's ip_hash.
 */
export async function startProxy(targets: string[]): Promise<TestProxy> {
  const hosts = targets.map((t) => new URL(t));
  const routed: number[] = [];
  const sticky = new Map<string, number>();
  let next = 0;
  let blocked = false;
  const isSocketIo = (req: http.IncomingMessage) => (req.url ?? '').startsWith('/socket.io/');
  const pick = (req: http.IncomingMessage): URL => {
    const address = req.headers[CLIENT_ADDRESS_HEADER];
    let index: number;
    if (typeof address === 'string') {
      if (!sticky.has(address)) sticky.set(address, next++ % hosts.length);
      index = sticky.get(address)!;
    } else {
      index = next++ % hosts.length;
    }
    routed.push(index);
    return hosts[index];
  };

  const server = http.createServer((req, res) => {
    if (blocked && isSocketIo(req)) return req.socket.destroy();
    const target = pick(req);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  const tunnels = new Set<net.Socket>();
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (blocked && isSocketIo(req)) return client.destroy();
    const target = pick(req);
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
    upstream.on('close', end);
    client.on('close', end);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    blockSocketIo: (value) => {
      blocked = value;
      if (value) for (const tunnel of tunnels) tunnel.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const tunnel of tunnels) tunnel.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface TcpCut {
  /** Where to connect instead of the target (`127.0.0.1:port`). */
  port: number;
  /** Breaks every open connection and refuses new ones, until `false`: a network cut for this path alone. */
  cut(value: boolean): void;
  close(): Promise<void>;
}

/** A TCP forwarder to 127.0.0.1:`targetPort` that can cut the path of one client (e.g. one API process to Redis). */
export async function startTcpCut(targetPort: number): Promise<TcpCut> {
  let cut = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (cut) return client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    open.add(client);
    open.add(upstream);
    const end = () => {
      open.delete(client);
      open.delete(upstream);
      upstream.destroy();
      client.destroy();
    };
    for (const side of [client, upstream]) {
      side.on('error', end);
      side.on('close', end);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: (value) => {
      cut = value;
      if (value) for (const socket of open) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
