import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyReply } from 'fastify';
import { sendProblem } from '../http/errors.ts';
import { apiBase } from '../http/hydra.ts';
import type { App } from '../http/types.ts';

/*
 * GraphiQL outside production, served from our own origin: mercurius' page loads React and GraphiQL
 * from unpkg, which the CSP (and the machines' lack of network) forbids. GraphiQL 3.8.3's bundle and
 * React 18's UMD builds come from node_modules; the page's CSP allows exactly these scripts (by path,
 * under 'self' nothing else exists) and its own start script, no inline script, no other origin.
 */

export const graphiqlPath = `${apiBase}/graphiql`;
const assetBase = `${graphiqlPath}/assets`;

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

type Asset = { file: string; type: string };
const assets: Record<string, Asset> = {
  'react.production.min.js': {
    file: join(packageDir('react-umd'), 'umd/react.production.min.js'),
    type: 'text/javascript',
  },
  'react-dom.production.min.js': {
    file: join(packageDir('react-dom-umd'), 'umd/react-dom.production.min.js'),
    type: 'text/javascript',
  },
  'graphiql.min.js': { file: join(packageDir('graphiql'), 'graphiql.min.js'), type: 'text/javascript' },
  'graphiql.min.css': { file: join(packageDir('graphiql'), 'graphiql.min.css'), type: 'text/css' },
};

const startScript = `(function () {
  var fetcher = GraphiQL.createFetcher({ url: ${JSON.stringify(`${apiBase}/graphql`)} });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, {
    fetcher: fetcher,
    defaultQuery: '{\\n  products(itemsPerPage: 3) {\\n    totalCount\\n    items { code name defaultVariant { channelPricings } }\\n  }\\n}\\n',
    defaultEditorToolsVisibility: true,
    shouldPersistHeaders: false
  }));
})();
`;

const scripts = ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'start.js'];
const pageCss = 'html, body, #graphiql { height: 100%; margin: 0; overflow: hidden; }\n';

type Served = { body: Buffer | string; type: string; integrity: string };

function servedAssets(): Map<string, Served> {
  const out = new Map<string, Served>();
  const add = (name: string, body: Buffer | string, type: string) =>
    out.set(name, { body, type, integrity: `sha256-${createHash('sha256').update(body).digest('base64')}` });
  for (const [name, asset] of Object.entries(assets)) add(name, readFileSync(asset.file), asset.type);
  add('start.js', startScript, 'text/javascript');
  add('page.css', pageCss, 'text/css');
  return out;
}

function pageOf(served: Map<string, Served>): string {
  const tags = scripts
    .map((s) => `<script src="${assetBase}/${s}" integrity="${served.get(s)!.integrity}"></script>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL – Shop API</title>
<link rel="stylesheet" href="${assetBase}/graphiql.min.css">
<link rel="stylesheet" href="${assetBase}/page.css">
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
${tags}
</body>
</html>
`;
}

/**
 * The page's CSP: exactly our four scripts, by their SHA-256 (each tag carries it as `integrity`, so
 * no other script of this origin, inline or not, runs); styles from our origin (GraphiQL sets inline
 * styles and embeds its fonts as data URLs); requests only to our origin.
 */
function cspOf(served: Map<string, Served>): string {
  return [
    "default-src 'none'",
    `script-src ${scripts.map((s) => `'${served.get(s)!.integrity}'`).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** GraphiQL's page and its assets (registered only outside production). */
export async function graphiqlRoutes(app: App) {
  const served = servedAssets();
  const page = pageOf(served);
  const csp = cspOf(served);
  const headers = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('content-security-policy', csp);

  app.get(graphiqlPath, { schema: { hide: true }, config: { auth: 'public' } }, async (_request, reply) =>
    headers(reply).type('text/html; charset=utf-8').send(page),
  );
  app.get<{ Params: { name: string } }>(
    `${assetBase}/:name`,
    { schema: { hide: true }, config: { auth: 'public', errors: ['route_not_found'] } },
    async (request, reply) => {
      const asset = served.get(request.params.name);
      if (!asset) return sendProblem(request, reply, 'route_not_found', 404);
      return headers(reply).type(`${asset.type}; charset=utf-8`).send(asset.body);
    },
  );
}
