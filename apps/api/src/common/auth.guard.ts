import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BlockfrostError } from '@frostline/model';
import type { FastifyRequest } from 'fastify';
import { ProjectTokens } from './project-tokens.js';
import { IS_PUBLIC } from './public.decorator.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The calling project (its token's digest) once the AuthGuard let the request through; else null. */
    projectId: string | null;
  }
}

/** Blockfrost's header carrying the project token (with an underscore). */
export const PROJECT_TOKEN_HEADER = 'project_id';

/**
 * Every data route needs a valid `project_id`; missing or wrong gives Blockfrost's 403. The project is
 * kept on the request: its calls are counted for the usage paths.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: ProjectTokens,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]))
      return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const project = this.tokens.projectOf(request.headers[PROJECT_TOKEN_HEADER]);
    if (project === null) throw new BlockfrostError(403);
    request.projectId = project;
    return true;
  }
}
