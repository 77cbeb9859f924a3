/**
 * The public API document and its browsable reference on the public port: `GET /openapi.json` (OpenAPI 3.1,
 * public-openapi.ts) and `GET /docs` with its assets under `/docs/<file>` (docs-page.ts). No authentication:
 * the document describes what any merchant may call.
 */
import { Controller, Get, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCS_ASSETS, DOCS_CSP, DOCS_PAGE, docsAsset } from './docs-page';
import { buildPublicOpenApiDocument } from './public-openapi';

@Controller()
export class PublicApiController {
  /** Built on the first request, not at start-up: most processes never serve it. */
  private document?: string;

  @Get('openapi.json')
  async openApi(@Res() reply: FastifyReply): Promise<void> {
    this.document ??= JSON.stringify(buildPublicOpenApiDocument());
    await reply.status(200).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(this.document);
  }

  @Get('docs')
  async page(@Res() reply: FastifyReply): Promise<void> {
    await reply.status(200).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', DOCS_CSP).header('cache-control', 'no-cache').send(DOCS_PAGE);
  }

  @Get('docs/:file')
  async asset(@Param('file') file: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const bytes = await docsAsset(file);
    // Answered like any other unknown path (decisions S12).
    if (!bytes) throw new NotFoundException(`Cannot ${req.method} ${req.url}`);
    await reply.status(200).header('content-type', DOCS_ASSETS[file]).header('cache-control', 'public, max-age=3600').send(bytes);
  }
}
