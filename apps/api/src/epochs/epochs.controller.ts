import { Controller, Get, Header, Param } from '@nestjs/common';
import { servedAt } from '../common/route-paths.js';
import { JSON_CONTENT_TYPE } from '../common/media-types.js';
import { EpochsService } from './epochs.service.js';

@Controller(servedAt('epochs'))
export class EpochsController {
  constructor(private readonly epochs: EpochsService) {}

  // The service answers with JSON text it keeps per stored row; the content type makes Fastify send
  // it as it is (a returned string is otherwise sent as text/plain).
  @Get('latest/parameters')
  @Header('content-type', JSON_CONTENT_TYPE)
  latestParameters(): Promise<string> {
    return this.epochs.parametersJson('latest');
  }

  @Get(':number/parameters')
  @Header('content-type', JSON_CONTENT_TYPE)
  parameters(@Param('number') number: string): Promise<string> {
    return this.epochs.parametersJson(number);
  }
}
