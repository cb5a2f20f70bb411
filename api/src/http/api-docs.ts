import type { FastifyInstance } from 'fastify';

/**
 * A readable API page for development: `GET /api-docs/` renders the OpenAPI document the API
 * serves at `/api/schema/` (every endpoint of the catalogue, grouped by tag: method, path, who may
 * call, parameters, body and answers). Registered only when NODE_ENV is not `production` (app.ts);
 * outside /api/ so the API's own routes stay exactly the catalogue. The script is a file of its
 * own (the site's CSP allows no inline script) and builds the page with DOM calls only.
 */
export const API_DOCS_PATH = '/api-docs/';

const PAGE = `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API ドキュメント（開発用）</title>
<link rel="stylesheet" href="${API_DOCS_PATH}docs.css">
<script src="${API_DOCS_PATH}docs.js" defer></script>
</head>
<body>
<header><h1>API ドキュメント（開発用）</h1><p>元データ: <a href="/api/schema/">/api/schema/</a>（OpenAPI 3.1）。本番環境では表示されません。</p>
<input id="filter" type="search" placeholder="パス・概要で絞り込み" aria-label="絞り込み"></header>
<main id="docs"><p>読み込み中…</p></main>
</body>
</html>
`;

const CSS = `body{font:14px/1.6 system-ui,sans-serif;margin:0;color:#1f2933;background:#f7f8fa}
header{padding:16px 24px;background:#fff;border-bottom:1px solid #dde1e6;position:sticky;top:0}
h1{font-size:20px;margin:0 0 4px}header p{margin:0 0 8px}#filter{width:100%;max-width:480px;padding:6px 8px;font:inherit}
main{padding:16px 24px;max-width:1100px}h2{font-size:16px;margin:24px 0 8px;border-bottom:2px solid #dde1e6}
details{background:#fff;border:1px solid #dde1e6;border-radius:6px;margin:6px 0}
summary{cursor:pointer;padding:8px 12px;display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.method{font:600 12px monospace;padding:2px 6px;border-radius:4px;color:#fff;min-width:52px;text-align:center}
.GET{background:#2f6fb3}.POST{background:#2e8540}.PUT{background:#8a5a00}.PATCH{background:#6f42c1}.DELETE{background:#b42318}
.path{font-family:monospace;font-weight:600;word-break:break-all}.id{color:#616e7c;font:12px monospace}
.body{padding:0 12px 12px}pre{background:#f1f3f5;padding:8px;overflow:auto;font-size:12px;max-height:360px}
h3{font-size:13px;margin:12px 0 4px}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #dde1e6;padding:4px 6px;text-align:left;vertical-align:top}
`;

const SCRIPT = `'use strict';
(async () => {
  const main = document.getElementById('docs');
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  };
  const json = (value) => el('pre', {}, JSON.stringify(value, null, 2));
  let doc;
  try {
    const response = await fetch('/api/schema/', { headers: { accept: 'application/json' } });
    doc = await response.json();
  } catch (error) {
    main.replaceChildren(el('p', {}, 'OpenAPI 文書を読み込めませんでした: ' + error));
    return;
  }
  const byTag = new Map();
  for (const [path, operations] of Object.entries(doc.paths || {})) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = (op.tags && op.tags[0]) || 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push({ path, method: method.toUpperCase(), op });
    }
  }
  const sections = [];
  for (const [tag, ops] of byTag) {
    const section = el('section', {}, el('h2', {}, tag));
    for (const { path, method, op } of ops) {
      const body = el('div', { class: 'body' });
      if (op.description) body.append(el('pre', {}, op.description));
      if (op.parameters && op.parameters.length > 0) {
        const table = el('table', {}, el('tr', {}, el('th', {}, '名前'), el('th', {}, '場所'), el('th', {}, '必須'), el('th', {}, 'スキーマ')));
        for (const p of op.parameters) table.append(el('tr', {}, el('td', {}, p.name), el('td', {}, p.in), el('td', {}, p.required ? 'はい' : ''), el('td', {}, json(p.schema))));
        body.append(el('h3', {}, 'パラメーター'), table);
      }
      if (op.requestBody) body.append(el('h3', {}, 'リクエスト本文'), json(op.requestBody.content));
      for (const [status, response] of Object.entries(op.responses || {})) {
        const content = response.content && Object.values(response.content)[0];
        body.append(el('h3', {}, '応答 ' + status + (response.description ? '（' + response.description + '）' : '')), content ? json(content.schema) : el('p', {}, '本文なし'));
      }
      const item = el('details', { 'data-search': (path + ' ' + (op.summary || '') + ' ' + (op.operationId || '')).toLowerCase() },
        el('summary', {}, el('span', { class: 'method ' + method }, method), el('span', { class: 'path' }, path), el('span', {}, op.summary || ''), el('span', { class: 'id' }, op.operationId || '')),
        body);
      section.append(item);
    }
    sections.push(section);
  }
  main.replaceChildren(...sections);
  document.getElementById('filter').addEventListener('input', (event) => {
    const q = event.target.value.trim().toLowerCase();
    for (const item of main.querySelectorAll('details')) item.hidden = q !== '' && !item.dataset.search.includes(q);
    for (const section of main.querySelectorAll('section')) section.hidden = [...section.querySelectorAll('details')].every((d) => d.hidden);
  });
})();
`;

export function registerApiDocs(app: FastifyInstance): void {
  app.get(API_DOCS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(PAGE),
  );
  app.get(`${API_DOCS_PATH}docs.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(SCRIPT),
  );
  app.get(`${API_DOCS_PATH}docs.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-store').send(CSS),
  );
}
