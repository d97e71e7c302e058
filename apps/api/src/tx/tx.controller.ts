import { Body, Controller, Header, Headers, HttpCode, Post } from '@nestjs/common';
import { servedAt } from '../common/route-paths.js';
import { JSON_CONTENT_TYPE } from '../common/media-types.js';
import { TxService } from './tx.service.js';

@Controller(servedAt('tx'))
export class TxController {
  constructor(private readonly tx: TxService) {}

  /**
   * 200 with the transaction id as a JSON string: Lucid, Blaze and blockfrost-js fail on a bare text id,
   * which is what Fastify would send for a returned string.
   */
  @Post('submit')
  @HttpCode(200)
  @Header('content-type', JSON_CONTENT_TYPE)
  async submit(
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<string> {
    return JSON.stringify(await this.tx.submit(contentType, body));
  }
}
