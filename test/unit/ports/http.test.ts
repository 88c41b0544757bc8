/**
 * @jest-environment node
 */
// The HTTP port's two senders (axios for the services once it has come after the first frame, the
// platform's fetch for the page's first script and the services' requests before it) against a
// real server on loopback: the same answers in the same shape, every status answers, only a missing
// response fails, and the failure says which. (In Node axios takes its Node adapter, not the
// browser's; the browser tests meet both senders on the real page.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getSegment, httpFailureOf, sendByFetch } from '../../../src/ports/http';
import { sendRequest } from '../../../src/ports/axiosClient';

let server: Server;
let base: string;
const received: { method?: string; type?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method, type: req.headers['content-type'], body });
      if (req.url === '/json') res.setHeader('X-Extra', 'yes').end('{"a":1}');
      else if (req.url === '/text') res.end('<VAST version="4.2"/>');
      else if (req.url === '/cp1251')
        res
          .setHeader('Content-Type', 'application/xml; charset=windows-1251')
          .end(Buffer.from([0xd0, 0xe5, 0xea, 0xeb, 0xe0, 0xec, 0xe0])); // 'Реклама' in windows-1251
      else if (req.url === '/accept') res.end(JSON.stringify(req.headers.accept));
      else if (req.url === '/empty') res.writeHead(204).end();
      else if (req.url === '/missing') res.writeHead(404).end('{"message":"Not found"}');
      else if (req.url === '/reset') req.socket.destroy();
      else if (req.url === '/segment-in-parts') {
        // a slow link's segment: its bytes in three parts, a tenth of a second apart
        res.writeHead(200, { 'Content-Type': 'video/mp2t' });
        const part = (i: number) => {
          if (i === 3) return res.end();
          res.write(Buffer.alloc(1000, i + 1));
          setTimeout(() => part(i + 1), 100);
        };
        part(0);
      }
      // /hang: never answers
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each([
  ['axios (the port)', sendRequest],
  ['fetch (the early start)', sendByFetch],
])('the HTTP sender on %s', (_name, send) => {
  const get = (path: string, extra = {}) =>
    send({ method: 'GET', url: `${base}${path}`, timeoutMs: 2000, ...extra });

  it('parses a JSON body and gives the headers in lower case', async () => {
    const res = await get('/json');
    expect(res).toMatchObject({ status: 200, data: { a: 1 } });
    expect(res.headers['x-extra']).toBe('yes');
  });

  it('keeps a document that is asked for as text (VAST) as text', async () => {
    expect((await get('/text', { responseType: 'text' })).data).toBe('<VAST version="4.2"/>');
    expect((await get('/text')).data).toBe('<VAST version="4.2"/>'); // not JSON: the text itself
  });

  it('reads a body in the charset its Content-Type names (an ad server in windows-1251)', async () => {
    expect((await get('/cp1251', { responseType: 'text' })).data).toBe('Реклама');
  });

  it('asks for JSON first, as the services were asked before', async () => {
    expect((await get('/accept')).data).toBe('application/json, text/plain, */*');
  });

  it("takes a header the request names in place of its own, whatever the name's case (a host page's ad headers)", async () => {
    const asked = await get('/accept', { headers: { accept: 'application/xml' } });
    expect(asked.data).toBe('application/xml');
  });

  it('answers with any status, the body as it came', async () => {
    expect(await get('/missing')).toMatchObject({ status: 404, data: { message: 'Not found' } });
    expect(await get('/empty')).toMatchObject({ status: 204, data: '' });
  });

  it('sends an object body as JSON', async () => {
    received.length = 0;
    await send({
      method: 'POST',
      url: `${base}/json`,
      body: { refreshToken: 'r' },
      timeoutMs: 2000,
    });
    expect(received).toEqual([
      { method: 'POST', type: 'application/json', body: '{"refreshToken":"r"}' },
    ]);
  });

  it('sends a text body as text', async () => {
    received.length = 0;
    await send({ method: 'POST', url: `${base}/json`, body: 'a=1', timeoutMs: 2000 });
    expect(received).toEqual([{ method: 'POST', type: 'text/plain;charset=UTF-8', body: 'a=1' }]);
  });

  it('fails a dropped connection as a network error and a silent server as a timeout', async () => {
    const dropped = await get('/reset').catch((error: unknown) => error);
    expect(httpFailureOf(dropped)).toBe('network');
    const silent = await get('/hang', { timeoutMs: 200 }).catch((error: unknown) => error);
    expect(httpFailureOf(silent)).toBe('timeout');
    expect((silent as Error).message).toBe(`Timed out: ${base}/hang`);
  });
});

describe('a segment the early start fetches', () => {
  it('tells how many of its bytes have come as they come, and hands over the whole body', async () => {
    const told: number[] = [];
    const pending = getSegment(`${base}/segment-in-parts`, 2000, 5000);
    pending.onProgress?.((loaded) => told.push(loaded));
    const { data } = await pending.loaded;
    expect(told).toEqual([1000, 2000, 3000]);
    expect([...new Uint8Array(data as ArrayBuffer)].filter((_, i) => i % 1000 === 0)).toEqual([
      1, 2, 3,
    ]);
  });
});
