// A viewer's network link for the adaptive-streaming benchmark: a TCP proxy on 127.0.0.1 in front of
// the demo server that delivers the server's bytes at the rate set (changed second by second) after
// the round trip set, all the page's connections sharing the rate as they share a real link. The
// DevTools protocol's own throttling cannot replay a trace: each change of its conditions lets the
// transfers under way finish at once (measured: a 2.15 MB segment at a 2 Mbit/s that changed every
// second arrived in 1.0 s; at the same rate unchanged, in 10.2 s).
import { createConnection, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

const TICK_MS = 10;
/** a quiet link may send at most this much at once when data comes (and a late tick its share) */
const BURST_MS = 100;
/** the server's bytes a connection may hold back before the server is paused */
const HIGH_WATER = 1 << 20;

export interface Link {
  /** the address pages open instead of the server's */
  url: string;
  setKbps(kbps: number): void;
  close(): Promise<void>;
}

interface Pipe {
  client: Socket;
  server: Socket;
  /** the server's bytes, each chunk with the time it may leave (the round trip) */
  queue: { at: number; data: Buffer }[];
  queued: number;
}

export async function startThrottledLink(serverPort: number, latencyMs: number): Promise<Link> {
  let bytesPerMs = Infinity;
  let budget = 0;
  let last = Date.now();
  const pipes = new Set<Pipe>();
  let turn = 0;

  const pump = () => {
    const now = Date.now();
    budget = Math.min(budget + (now - last) * bytesPerMs, BURST_MS * bytesPerMs);
    last = now;
    const waiting = [...pipes].filter((p) => p.queue.length && (p.queue[0]?.at ?? now) <= now);
    // round robin, as the connections of one link share it
    for (let i = 0; waiting.length && budget >= 1; i += 1) {
      const pipe = waiting[(turn + i) % waiting.length] as Pipe;
      const chunk = pipe.queue[0];
      if (!chunk || chunk.at > now) {
        waiting.splice(waiting.indexOf(pipe), 1);
        continue;
      }
      const share = Math.max(1, Math.floor(budget / waiting.length));
      const part = chunk.data.subarray(0, share);
      pipe.client.write(part);
      budget -= part.length;
      pipe.queued -= part.length;
      if (part.length === chunk.data.length) pipe.queue.shift();
      else chunk.data = chunk.data.subarray(part.length);
      if (pipe.queued < HIGH_WATER / 2) pipe.server.resume();
    }
    turn += 1;
  };
  const timer = setInterval(pump, TICK_MS);

  const proxy = createServer((client) => {
    // small writes every tick: Nagle's wait for the reader's delayed ACK would slow the link
    client.setNoDelay(true);
    const server = createConnection({ host: '127.0.0.1', port: serverPort });
    const pipe: Pipe = { client, server, queue: [], queued: 0 };
    pipes.add(pipe);
    client.on('data', (data) => server.write(data));
    server.on('data', (data) => {
      pipe.queue.push({ at: Date.now() + latencyMs, data });
      pipe.queued += data.length;
      if (pipe.queued > HIGH_WATER) server.pause();
    });
    const end = () => {
      pipes.delete(pipe);
      client.destroy();
      server.destroy();
    };
    // the server's end goes out once its bytes have
    server.on('end', () => {
      const drained = setInterval(() => {
        if (pipe.queued > 0 && !client.destroyed) return;
        clearInterval(drained);
        end();
      }, TICK_MS);
    });
    client.on('close', end);
    client.on('error', end);
    server.on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setKbps(kbps) {
      bytesPerMs = (kbps * 1000) / 8 / 1000;
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        for (const pipe of pipes) {
          pipe.client.destroy();
          pipe.server.destroy();
        }
        proxy.close(() => resolve());
      }),
  };
}
