import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

export interface ReadinessCheck {
  (): Promise<{ ready: boolean; details: Record<string, unknown> }>;
}

/** /metrics (Prometheus), /health (the process is alive) and /ready (dependencies up, lag small). */
export function startHttpServer(
  host: string,
  port: number,
  registry: Registry,
  readiness: ReadinessCheck,
): Promise<Server> {
  const server = createServer(async (request, response) => {
    const send = (status: number, body: string, type = 'application/json') =>
      response.writeHead(status, { 'content-type': type }).end(body);
    try {
      if (request.method !== 'GET') return send(405, JSON.stringify({ error: 'method not allowed' }));
      if (request.url === '/metrics') return send(200, await registry.metrics(), registry.contentType);
      if (request.url === '/health') return send(200, JSON.stringify({ status: 'ok' }));
      if (request.url === '/ready') {
        const { ready, details } = await readiness();
        return send(ready ? 200 : 503, JSON.stringify({ ready, ...details }));
      }
      send(404, JSON.stringify({ error: 'not found' }));
    } catch (error) {
      send(500, JSON.stringify({ error: (error as Error).message }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
