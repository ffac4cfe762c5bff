import { createHash } from 'node:crypto'
import { Hono } from 'hono'
import { escapeHtml, pageHeaders } from '../kit/index.js'
import type { Inbox, StoredMail } from './inbox.js'
import { PAGE_MESSAGES, PAGE_TEXT_CHARS } from './limits.js'
import type { MailAddress } from './parseMail.js'

const style = `
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1b1f; }
h1 { font-size: 1.4rem; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: .4rem .6rem; text-align: left; vertical-align: top; }
summary { cursor: pointer; }
pre { white-space: pre-wrap; word-break: break-word; background: #f5f5f7; padding: .6rem; }
`

/** No script at all, only this style; nothing is fetched, no one may frame the page. */
const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const mailbox = ({ Name, Address }: MailAddress) => (Name ? `${Name} <${Address}>` : Address)

const row = (mail: StoredMail) => `<tr>
<td>${escapeHtml(mail.created.toISOString())}</td>
<td>${escapeHtml(mailbox(mail.from))}</td>
<td>${escapeHtml(mail.to.map(mailbox).join(', '))}</td>
<td><details><summary>${escapeHtml(mail.subject || '(no subject)')}</summary><pre>${escapeHtml(
  mail.text.slice(0, PAGE_TEXT_CHARS),
)}</pre></details></td>
</tr>`

function page(inbox: Inbox): string {
  const mails = inbox.list(0, PAGE_MESSAGES)
  const shown =
    inbox.total > mails.length ? `the newest ${mails.length} of ${inbox.total}` : `${mails.length}`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pairwise mail · inbox</title>
<style>${style}</style>
</head>
<body>
<h1>Inbox</h1>
<p>${shown} mail${inbox.total === 1 ? '' : 's'}. JSON: <code>/api/v1/messages</code>.</p>
<table>
<thead><tr><th>received</th><th>from</th><th>to</th><th>subject</th></tr></thead>
<tbody>${mails.map(row).join('')}</tbody>
</table>
</body>
</html>
`
}

/** `GET /`: the inbox's mails, newest first, each text shown under its subject. */
export function inboxPageRoutes(inbox: Inbox): Hono {
  return new Hono().get('/', (c) => c.html(page(inbox), 200, pageHeaders(contentSecurityPolicy)))
}
