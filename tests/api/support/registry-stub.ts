// A stand-in for the athlete registry's HTTP service (docs/registry.md 'Protocol'): a real
// node:http server on a free port of 127.0.0.1 that checks the bearer key and answers from an
// in-memory list of athletes. A test can make it fail (500), hang (never answer: for timeouts),
// answer 404 to everything, or answer malformed JSON; it records every request it was sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Athlete, PersonKey } from '../../../server/integrations/registry';
import { personKey } from '../../../server/integrations/registry';

type StubMode = 'ok' | 'fail' | 'hang' | 'notFound' | 'malformed';
type StubRequest = { method: string; path: string; authorization: string | undefined; body: unknown };

export type RegistryStub = {
  url: string;
  apiKey: string;
  athletes: Map<string, Athlete>;
  requests: StubRequest[];
  mode: StubMode;
  close(): Promise<void>;
};

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startRegistryStub(apiKey = 'stub-registry-key-0123456789'): Promise<RegistryStub> {
  const stub = { athletes: new Map<string, Athlete>(), requests: [] as StubRequest[], mode: 'ok' as StubMode };

  const answer = (path: string, method: string, body: unknown, res: ServerResponse) => {
    if (method === 'GET' && path === '/athletes/count') return json(res, 200, { count: stub.athletes.size });
    if (method === 'POST' && path === '/athletes/lookup') {
      const ids = (body as { snowIds: string[] }).snowIds;
      return json(res, 200, { athletes: ids.flatMap((id) => stub.athletes.get(id) ?? []) });
    }
    if (method === 'POST' && path === '/athletes/search') {
      const wanted = new Set((body as { people: PersonKey[] }).people.map(personKey));
      return json(res, 200, { athletes: [...stub.athletes.values()].filter((a) => wanted.has(personKey(a))) });
    }
    const one = /^\/athletes\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const athlete = stub.athletes.get(decodeURIComponent(one[1]!));
      return athlete ? json(res, 200, athlete) : json(res, 404, { message: 'not found' });
    }
    return json(res, 404, { message: 'no such call' });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      // The service may live under a path: the adapter is configured with .../registry.
      const path = url.pathname.replace(/^\/registry/, '');
      const body = await readBody(req);
      stub.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
      if (stub.mode === 'hang') return; // never answers; closed with the server
      if (req.headers.authorization !== `Bearer ${apiKey}`) return json(res, 401, { message: 'bad key' });
      if (stub.mode === 'fail') return json(res, 500, { message: 'registry is down' });
      if (stub.mode === 'notFound') return json(res, 404, { message: 'not found' });
      if (stub.mode === 'malformed')
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"athletes": [{"snowId": 1}]');
      answer(path, req.method ?? '', body, res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/registry`,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
