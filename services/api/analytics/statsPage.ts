import { createHash } from 'node:crypto'

/**
 * The browser side of `/admin/analytics`: asks for the admin token (kept in sessionStorage only), fetches
 * the stats route and draws three charts as SVG with DOM calls. Text goes in through textContent only, so
 * a wallet name cannot inject markup. Plain script: the page loads nothing else.
 */
const script = `
const NS = 'http://www.w3.org/2000/svg'
const tokenKey = 'pairwise-analytics-admin-token'
const $ = (id) => document.getElementById(id)
const params = new URLSearchParams(location.search)
$('project').value = params.get('projectId') || ''
$('token').value = sessionStorage.getItem(tokenKey) || ''

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name)
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value))
  if (text !== undefined) node.textContent = text
  return node
}

function frame(title, width, height) {
  const svg = el('svg', { viewBox: '0 0 ' + width + ' ' + height, width, height, role: 'img', 'aria-label': title })
  svg.append(el('title', {}, title))
  return svg
}

function dayChart(title, points, color, asLine) {
  const width = 640, height = 220, left = 40, bottom = 28, top = 12
  const svg = frame(title, width, height)
  const max = Math.max(1, ...points.map((p) => p.count))
  const plotH = height - top - bottom
  const step = (width - left - 8) / Math.max(1, points.length)
  const y = (count) => top + plotH - (count / max) * plotH
  svg.append(el('line', { x1: left, y1: top + plotH, x2: width - 8, y2: top + plotH, stroke: '#888' }))
  svg.append(el('text', { x: left - 6, y: top + 10, 'text-anchor': 'end', fill: '#ccc', 'font-size': 11 }, String(max)))
  svg.append(el('text', { x: left - 6, y: top + plotH, 'text-anchor': 'end', fill: '#ccc', 'font-size': 11 }, '0'))
  const coords = []
  points.forEach((p, i) => {
    const x = left + i * step
    if (asLine) coords.push((x + step / 2).toFixed(1) + ',' + y(p.count).toFixed(1))
    else {
      const bar = el('rect', { x: x + 1, y: y(p.count), width: Math.max(1, step - 2), height: top + plotH - y(p.count), fill: color, 'data-count': p.count })
      bar.append(el('title', {}, p.day + ': ' + p.count))
      svg.append(bar)
    }
    if (i === 0 || i === points.length - 1 || i % 7 === 0)
      svg.append(el('text', { x: x + step / 2, y: height - 8, 'text-anchor': 'middle', fill: '#ccc', 'font-size': 10 }, p.day.slice(5)))
  })
  if (asLine) {
    svg.append(el('polyline', { points: coords.join(' '), fill: 'none', stroke: color, 'stroke-width': 2 }))
    points.forEach((p, i) => {
      const dot = el('circle', { cx: left + i * step + step / 2, cy: y(p.count), r: 3, fill: color, 'data-count': p.count })
      dot.append(el('title', {}, p.day + ': ' + p.count))
      svg.append(dot)
    })
  }
  return svg
}

function walletChart(title, connects) {
  const row = 24, left = 160, width = 640
  const svg = frame(title, width, Math.max(1, connects.length) * row + 8)
  const max = Math.max(1, ...connects.map((c) => c.count))
  if (connects.length === 0) svg.append(el('text', { x: 8, y: 20, fill: '#ccc', 'font-size': 12 }, 'No connections yet'))
  connects.forEach((c, i) => {
    const y = 4 + i * row
    svg.append(el('text', { x: left - 8, y: y + 15, 'text-anchor': 'end', fill: '#ccc', 'font-size': 12 }, c.wallet))
    const bar = el('rect', { x: left, y, width: Math.max(1, ((width - left - 48) * c.count) / max), height: row - 6, fill: '#4c8bf5', 'data-count': c.count })
    bar.append(el('title', {}, c.wallet + ': ' + c.count))
    svg.append(bar)
    svg.append(el('text', { x: left + ((width - left - 48) * c.count) / max + 6, y: y + 15, fill: '#ccc', 'font-size': 12 }, String(c.count)))
  })
  return svg
}

function section(title, chart) {
  const box = document.createElement('section')
  const heading = document.createElement('h2')
  heading.textContent = title
  box.append(heading, chart)
  return box
}

async function load(event) {
  event?.preventDefault()
  const token = $('token').value.trim()
  const projectId = $('project').value.trim()
  const status = $('status')
  if (!token || !projectId) { status.textContent = 'Enter the project id and the admin token.'; return }
  sessionStorage.setItem(tokenKey, token)
  status.textContent = 'Loading…'
  const query = new URLSearchParams({ projectId, days: $('days').value })
  try {
    const response = await fetch('/v1/analytics/stats?' + query, { headers: { authorization: 'Bearer ' + token } })
    const body = await response.json()
    if (!response.ok) { status.textContent = body.message || 'Request failed'; return }
    $('charts').replaceChildren(
      section('Page views per day', dayChart('Page views per day', body.views, '#4c8bf5', false)),
      section('Connections per wallet', walletChart('Connections per wallet', body.connects)),
      section('Errors per day', dayChart('Errors per day', body.errors, '#ff6b6b', true)),
      section('Events dropped over the daily cap', dayChart('Events dropped per day', body.dropped, '#999', false)),
    )
    status.textContent = ''
  } catch {
    status.textContent = 'Could not load the stats.'
  }
}

$('form').addEventListener('submit', load)
if ($('token').value && $('project').value) load()
`

const style = `
body { margin: 0; font-family: system-ui, sans-serif; background: #111213; color: #f1f1f1; }
main { max-width: 720px; margin: 0 auto; padding: 24px 16px; }
form { display: flex; gap: 8px; flex-wrap: wrap; align-items: end; }
label { display: flex; flex-direction: column; gap: 4px; font-size: 13px; }
input, select, button { padding: 6px 10px; border-radius: 6px; border: 1px solid #444; background: #1d1f21; color: inherit; }
h2 { font-size: 15px; margin: 24px 0 8px; }
svg { max-width: 100%; height: auto; background: #1a1b1c; border-radius: 8px; }
#status { min-height: 1.2em; color: #ff8787; }
`

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** Only this page's own script and style run; it may talk to its own origin and nothing else. */
export const statsPageCsp = [
  "default-src 'none'",
  `script-src ${hash(script)}`,
  `style-src ${hash(style)}`,
  "connect-src 'self'",
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

export const statsPageHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Pairwise analytics</title>
<style>${style}</style>
</head>
<body>
<main>
<h1>Analytics</h1>
<form id="form">
<label>Project id <input id="project" name="project" required autocomplete="off"></label>
<label>Admin token <input id="token" name="token" type="password" required autocomplete="off"></label>
<label>Days <select id="days" name="days"><option>7</option><option selected>30</option><option>90</option></select></label>
<button type="submit">Show</button>
</form>
<p id="status" role="status"></p>
<div id="charts"></div>
</main>
<script>${script}</script>
</body>
</html>
`
