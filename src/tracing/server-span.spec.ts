import { trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';

import { nameServerSpans, recordServerError } from './server-span.js';
import { markTracingEnabled } from './tracing-state.js';

describe('server spans are named and typed as the HTTP semantic conventions ask (docs/operations.md#tracing)', () => {
  const exporter = new tracing.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
  provider.register();
  markTracingEnabled();
  afterAll(() => provider.shutdown());

  /** Answers `method path` on a Fastify app with the hooks, inside a server span as the HTTP instrumentation opens it. */
  async function serve(method: 'GET' | 'PATCH', path: string) {
    const fastify = Fastify();
    nameServerSpans(fastify);
    fastify.patch('/account/:account', async () => ({ ok: true }));
    fastify.get('/unavailable', async (_request, reply) => reply.code(503).send({ detail: 'down' }));
    fastify.get('/failing', async (_request, reply) => {
      recordServerError(new TypeError('boom'));
      return reply.code(500).send({ detail: 'Internal server error' });
    });
    fastify.get('/refused', async (_request, reply) => reply.code(422).send({ detail: [] }));
    await fastify.ready();
    exporter.reset();
    await trace.getTracer('test').startActiveSpan(method, async (span) => {
      await fastify.inject({ method, url: path });
      span.end();
    });
    await fastify.close();
    const [span] = exporter.getFinishedSpans();
    return { name: span!.name, route: span!.attributes['http.route'], errorType: span!.attributes['error.type'] };
  }

  it('names a span METHOD and the route template, with http.route; a path that matched no route keeps METHOD', async () => {
    expect(await serve('PATCH', '/account/7001')).toEqual({
      name: 'PATCH /account/:account',
      route: '/account/:account',
      errorType: undefined,
    });
    expect(await serve('GET', '/nowhere/7001')).toEqual({ name: 'GET', route: undefined, errorType: undefined });
  });

  it('sets error.type on answers of 500 or more: the error class when the filter knew it, else the status; never on 4xx', async () => {
    expect((await serve('GET', '/failing')).errorType).toBe('TypeError');
    expect((await serve('GET', '/unavailable')).errorType).toBe('503');
    expect((await serve('GET', '/refused')).errorType).toBeUndefined();
  });
});
