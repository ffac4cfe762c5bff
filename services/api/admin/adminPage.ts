import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { pageHeaders } from '../../kit/index.js'
import { noFeatures, socialProviders } from '../projects/project.js'

const flags = Object.keys(noFeatures)

const style = `
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1b1f; }
h1 { font-size: 1.4rem; }
table { border-collapse: collapse; margin-top: 1rem; }
th, td { border-bottom: 1px solid #ddd; padding: .4rem .6rem; text-align: left; vertical-align: top; }
input[type=text], input[type=password], input[type=number] { font: inherit; padding: .2rem .4rem; }
.origins { width: 22rem; }
.limit { width: 6rem; }
#status { min-height: 1.4em; margin-top: .6rem; }
.error { color: #b00020; }
form { display: flex; gap: .5rem; align-items: center; margin-top: 1rem; }
`

const script = `
const flags = ${JSON.stringify(flags)};
const allSocials = ${JSON.stringify(socialProviders)};
const key = 'pairwise-admin-token';
const $ = (id) => document.getElementById(id);
const say = (text, isError) => { $('status').textContent = text; $('status').className = isError ? 'error' : ''; };

async function call(method, path, body) {
  const headers = { authorization: 'Bearer ' + (sessionStorage.getItem(key) || '') };
  if (body) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function cell(row, child) { const td = document.createElement('td'); if (child) td.append(child); row.append(td); return td; }

function control(type, value, onChange, className) {
  const input = document.createElement('input');
  input.type = type;
  if (type === 'checkbox') input.checked = value; else input.value = value;
  if (className) input.className = className;
  input.addEventListener('change', () => onChange(input));
  return input;
}

async function save(id, patch) {
  try { await call('PATCH', '/v1/admin/projects/' + encodeURIComponent(id), patch); say('Saved ' + id + '.'); }
  catch (error) { say(error.message, true); }
  await load();
}

function render(projects) {
  const body = $('projects');
  body.replaceChildren();
  for (const p of projects) {
    const row = document.createElement('tr');
    cell(row).textContent = p.id;
    cell(row, control('text', p.name, (i) => save(p.id, { name: i.value })));
    cell(row, control('text', p.allowedOrigins.join(', '), (i) =>
      save(p.id, { allowedOrigins: i.value.split(',').map((s) => s.trim()).filter(Boolean) }), 'origins'));
    cell(row, control('checkbox', p.basic, (i) => save(p.id, { basic: i.checked })));
    for (const flag of flags) {
      const on = flag === 'socials' ? p.features.socials !== false : p.features[flag];
      cell(row, control('checkbox', on, (i) =>
        save(p.id, { features: { [flag]: flag === 'socials' ? (i.checked ? allSocials : false) : i.checked } })));
    }
    cell(row, control('number', p.rateLimitPerMinute, (i) => save(p.id, { rateLimitPerMinute: Number(i.value) }), 'limit'));
    body.append(row);
  }
}

async function load() {
  if (!sessionStorage.getItem(key)) { say('Enter the admin token.'); return; }
  try { render((await call('GET', '/v1/admin/projects')).projects); }
  catch (error) { $('projects').replaceChildren(); say(error.message, true); }
}

$('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  sessionStorage.setItem(key, $('token').value);
  $('token').value = '';
  say('');
  load();
});
$('create-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const id = $('new-id').value.trim();
  try {
    await call('POST', '/v1/admin/projects', { name: $('new-name').value, ...(id ? { id } : {}) });
    say('Created.');
  } catch (error) { say(error.message, true); }
  load();
});
load();
`

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

const flagHeaders = flags.map((flag) => `<th>${flag}</th>`).join('')

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pairwise api · projects</title>
<style>${style}</style>
</head>
<body>
<h1>Projects</h1>
<form id="token-form"><label for="token">Admin token</label><input id="token" type="password" autocomplete="off"><button>Use</button></form>
<form id="create-form"><label for="new-name">New project</label><input id="new-name" type="text" placeholder="name" required><input id="new-id" type="text" placeholder="id (optional)"><button>Create</button></form>
<div id="status" role="status"></div>
<table>
<thead><tr><th>id</th><th>name</th><th>allowed origins</th><th>basic</th>${flagHeaders}<th>requests/min</th></tr></thead>
<tbody id="projects"></tbody>
</table>
<script>${script}</script>
</body>
</html>
`

/** Only this page's own script and style run; it talks to nothing but this server; no one may frame it. */
const contentSecurityPolicy = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const adminPageHeaders = pageHeaders(contentSecurityPolicy)

/**
 * `GET /admin`: a page listing the projects and switching their features through the admin JSON routes.
 * The token is typed into the page and kept in sessionStorage for the tab; the page itself is public.
 */
export function adminPageRoutes(): Hono {
  return new Hono().get('/admin', (c) => c.html(page, 200, adminPageHeaders))
}
