import { Controller, Get } from '@nestjs/common';
import { Public } from '../common/public.decorator.js';
import { servedAt } from '../common/route-paths.js';
import { servedOpenApiDocument } from './openapi-document.js';

@Public()
@Controller(servedAt('openapi.json'))
export class OpenApiController {
  private readonly document = servedOpenApiDocument();

  @Get()
  openApi(): unknown {
    return this.document;
  }
}
