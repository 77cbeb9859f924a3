/**
 * The browsable API reference at `/docs`: Swagger UI (swagger-ui-dist, an exact dependency in package.json)
 * rendering `/openapi.json`, every file served by the edge from node_modules — no CDN, no request leaves the
 * platform's origin (the Content-Security-Policy allows only 'self'), no validator badge.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The files of the page under `/docs/<name>`, with their media types. */
export const DOCS_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
  'init.js': 'text/javascript; charset=utf-8',
};

/** Everything the page loads comes from this origin; Swagger UI sets inline styles and uses data: images. */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// Relative URLs: the page works behind a proxy that serves the platform under a path prefix.
export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Device Cloud Platform public API</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="docs/favicon-16x16.png" sizes="16x16">
</head>
<body>
  <noscript>The API reference needs JavaScript; the document itself is <a href="openapi.json">openapi.json</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/init.js"></script>
</body>
</html>
`;

const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', document.baseURI).href,
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    defaultModelExpandDepth: 3,
    showExtensions: true,
    validatorUrl: null,
  });
});
`;

let distDir: string | undefined;
const cache = new Map<string, Buffer>();

/** The bytes of one page asset; undefined for a name that is not one. */
export async function docsAsset(name: string): Promise<Buffer | undefined> {
  if (!Object.prototype.hasOwnProperty.call(DOCS_ASSETS, name)) return undefined;
  if (name === 'init.js') return Buffer.from(INIT_SCRIPT, 'utf8');
  let bytes = cache.get(name);
  if (!bytes) {
    distDir ??= dirname(require.resolve('swagger-ui-dist/package.json'));
    bytes = await readFile(join(distDir, name));
    cache.set(name, bytes);
  }
  return bytes;
}
