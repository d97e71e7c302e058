import { Controller, Get } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { Public } from '../common/public.decorator.js';
import { servedAt } from '../common/route-paths.js';
import { servedOpenApiDocument } from './openapi-document.js';

@Public()
@Controller(servedAt('openapi.json'))
export class OpenApiController {
  private document: unknown;

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  /** Built on first request, once every route is registered. */
  @Get()
  openApi(): unknown {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    this.document ??= servedOpenApiDocument((method, path) =>
      fastify.hasRoute({
        method: method.toUpperCase() as HTTPMethods,
        url: path.replace(/\{(\w+)\}/g, ':$1'),
      }),
    );
    return this.document;
  }
}
