import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { connect, type Socket } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import { Inbox } from '../../../services/mail/inbox.js'
import {
  DEFAULT_MAX_MESSAGE_BYTES,
  MailTimeoutError,
  type RunningMail,
  type SmtpMailer,
  smtpMailer,
  startMail,
} from '../../../services/mail/index.js'
import { MAX_SMTP_CLIENTS } from '../../../services/mail/limits.js'
import { createMailApp } from '../../../services/mail/mailApp.js'
import { startSmtpServer } from '../../../services/mail/smtpServer.js'
import { twoFreePorts } from '../../support/ports.js'

const from = 'Pairwise <login@pairwise.test>'

async function start(options: { maxMessages?: number; maxMessageBytes?: number } = {}) {
  const [smtpPort, httpPort] = await twoFreePorts()
  const mail = await startMail({
    smtpPort,
    httpPort,
    logger: silentLogger,
    ...options,
  })
  return { mail, mailer: smtpMailer(mail.smtpUrl, { from }) }
}

type Summary = { ID: string; Subject: string; To: { Address: string }[] }
type List = { total: number; count: number; messages: Summary[] }

describe('the local mail stack', () => {
  let mail: RunningMail
  let mailer: SmtpMailer
  const get = async <T>(path: string) => {
    const response = await fetch(`${mail.url}${path}`)
    return { status: response.status, body: (await response.json()) as T }
  }

  beforeAll(async () => {
    ;({ mail, mailer } = await start())
  })
  afterEach(() => {
    mail.inbox.delete()
  })
  afterAll(async () => {
    mailer.close()
    await mail.close()
  })

  it('answers a mail sent by smtpMailer in the list and whole by its ID', async () => {
    await mailer.send({
      to: 'Alice@Example.test',
      subject: 'Your Pairwise login code',
      text: 'Your code: 123456\nIt expires in 10 minutes.',
      html: '<p>Your code: <b>123456</b></p>',
    })
    const list = await get<List & { messages: Record<string, unknown>[] }>('/api/v1/messages')
    expect(list.status).toBe(200)
    expect(list.body).toMatchObject({ total: 1, count: 1 })
    const [summary] = list.body.messages
    expect(summary).toMatchObject({
      From: { Name: 'Pairwise', Address: 'login@pairwise.test' },
      To: [{ Name: '', Address: 'Alice@example.test' }],
      Subject: 'Your Pairwise login code',
      Snippet: 'Your code: 123456 It expires in 10 minutes.',
    })
    expect(summary?.Size).toBeGreaterThan(100)
    expect(new Date(summary?.Created as string).getTime()).toBeGreaterThan(Date.now() - 60_000)
    const whole = await get<Record<string, unknown>>(`/api/v1/message/${summary?.ID}`)
    expect(whole.status).toBe(200)
    expect(whole.body).toMatchObject({
      ID: summary?.ID,
      MessageID: summary?.MessageID,
      Subject: 'Your Pairwise login code',
      Text: 'Your code: 123456\nIt expires in 10 minutes.',
      HTML: '<p>Your code: <b>123456</b></p>',
    })
    expect(whole.body.MessageID).toMatch(/@/)
    expect(Number.isNaN(Date.parse(whole.body.Date as string))).toBe(false)
  })

  it('lists newest first, paged by start and limit', async () => {
    for (const n of [1, 2, 3]) await mailer.send({ to: 'a@example.test', subject: `mail ${n}`, text: 'x' })
    const page = await get<List>('/api/v1/messages?start=1&limit=1')
    expect(page.body).toMatchObject({ total: 3, count: 1, messages: [{ Subject: 'mail 2' }] })
    const all = await get<List>('/api/v1/messages')
    expect(all.body.messages.map((m) => m.Subject)).toEqual(['mail 3', 'mail 2', 'mail 1'])
  })

  it('deletes every mail without a body, and only the named ones with { IDs }', async () => {
    for (const n of [1, 2, 3]) await mailer.send({ to: 'a@example.test', subject: `mail ${n}`, text: 'x' })
    const { messages } = (await get<List>('/api/v1/messages')).body
    const named = await fetch(`${mail.url}/api/v1/messages`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ IDs: [messages[0]?.ID, messages[2]?.ID] }),
    })
    expect(named.status).toBe(200)
    expect(await named.json()).toEqual({ deleted: 2 })
    expect((await get<List>('/api/v1/messages')).body.messages.map((m) => m.Subject)).toEqual(['mail 2'])
    expect((await get(`/api/v1/message/${messages[0]?.ID}`)).status).toBe(404)
    const all = await fetch(`${mail.url}/api/v1/messages`, { method: 'DELETE' })
    expect(all.status).toBe(200)
    expect((await get<List>('/api/v1/messages')).body).toMatchObject({ total: 0, count: 0, messages: [] })
  })

  it('answers malformed requests with a 4xx { code, message }, never a 500', async () => {
    const cases: [string, RequestInit | undefined, number][] = [
      ['/api/v1/messages?limit=abc', undefined, 400],
      ['/api/v1/messages?limit=0', undefined, 400],
      ['/api/v1/messages?limit=100000', undefined, 400],
      ['/api/v1/messages?start=-1', undefined, 400],
      ['/api/v1/messages?start=1e3', undefined, 400],
      ['/api/v1/message/not-an-id', undefined, 400],
      ['/api/v1/message/%E0%A4%A', undefined, 400],
      ['/api/v1/message/00000000-0000-4000-8000-000000000000', undefined, 404],
      ['/api/v1/messages', { method: 'DELETE', body: '{"IDs":' }, 400],
      ['/api/v1/messages', { method: 'DELETE', body: '{"IDs":"all"}' }, 400],
      ['/api/v1/messages', { method: 'DELETE', body: '{"IDs":["x"]}' }, 400],
      ['/api/v1/messages', { method: 'DELETE', body: '{"IDs":[],"all":true}' }, 400],
      ['/api/v1/messages', { method: 'DELETE', body: JSON.stringify({ IDs: ['a'.repeat(70_000)] }) }, 413],
      ['/api/v1/messages', { method: 'PUT' }, 405],
      ['/api/v1/nothing', undefined, 404],
    ]
    for (const [path, init, status] of cases) {
      const response = await fetch(`${mail.url}${path}`, init)
      expect({ path, init, status: response.status }).toEqual({ path, init, status })
      const body = (await response.json()) as { code: string; message: string }
      expect(Object.keys(body).sort(), path).toEqual(['code', 'message'])
    }
  })

  it('writes every value of the HTML page escaped, under a strict CSP', async () => {
    await mailer.send({
      to: '"<b>Bob</b>" <bob@example.test>',
      subject: '<script>alert(1)</script>',
      text: '</pre><img src=x onerror=alert(2)>',
    })
    const response = await fetch(`${mail.url}/`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/default-src 'none'/)
    expect(csp).not.toMatch(/script-src|unsafe-inline|https?:/)
    const html = await response.text()
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;/pre&gt;&lt;img src=x onerror=alert(2)&gt;')
    expect(html).toContain('&lt;b&gt;Bob&lt;/b&gt; &lt;bob@example.test&gt;')
    expect(html).not.toMatch(/<script|<img|<b>/)
    expect(html).not.toMatch(/\b(src|href)=["']?https?:/)
  })

  it('answers /health', async () => {
    expect(await get('/health')).toEqual({ status: 200, body: { status: 'ok', messages: 0 } })
  })

  it('answers /ready from the SMTP listener in its own process, opening no SMTP connection per probe', async () => {
    const smtpPort = Number(new URL(mail.smtpUrl).port)
    let dialled = 0
    const onAccepted = (message: unknown) => {
      if ((message as { socket: Socket }).socket.localPort === smtpPort) dialled++
    }
    subscribe('net.server.socket', onAccepted)
    try {
      for (let probe = 0; probe < 3; probe++) expect((await get('/ready')).status).toBe(200)
    } finally {
      unsubscribe('net.server.socket', onAccepted)
    }
    expect(dialled).toBe(0)
  })

  it('is ready while its SMTP side listens; not ready (503, naming it) once that listener is closed', async () => {
    expect(await get('/ready')).toEqual({ status: 200, body: { status: 'ready', checks: { smtp: 'ok' } } })
    const inbox = new Inbox({ maxMessages: 1 })
    const smtp = await startSmtpServer({
      host: '127.0.0.1',
      port: 0,
      inbox,
      maxMessageBytes: DEFAULT_MAX_MESSAGE_BYTES,
      logger: silentLogger,
    })
    await smtp.close()
    const app = createMailApp(inbox, silentLogger, { smtp: () => smtp.assertListening() })
    const answer = await app.hono.request('/ready')
    expect(answer.status).toBe(503)
    expect(await answer.json()).toMatchObject({ checks: { smtp: 'failed' } })
  })

  it('waitFor resolves with the first matching mail, past or to come', async () => {
    const after = Date.now()
    const waiting = mail.inbox.waitFor({ to: 'carol@example.test', subject: 'Approve', after }, 5_000)
    await mailer.send({ to: 'dave@example.test', subject: 'Approve a new device', text: 'not for carol' })
    await mailer.send({ to: 'carol@example.test', subject: 'Your code', text: 'wrong subject' })
    await mailer.send({ to: 'CAROL@example.test', subject: 'Approve a new device', text: 'Approve: link' })
    expect((await waiting).text.trim()).toBe('Approve: link')
    const again = await mail.inbox.waitFor({ to: 'carol@example.test', subject: /^Your/ }, 10)
    expect(again.text.trim()).toBe('wrong subject')
  })

  it('waitFor rejects with MailTimeoutError when no mail matches in time', async () => {
    await mailer.send({ to: 'erin@example.test', subject: 'old', text: 'x' })
    const started = Date.now()
    await expect(
      mail.inbox.waitFor({ to: 'erin@example.test', after: Date.now() + 1 }, 150),
    ).rejects.toBeInstanceOf(MailTimeoutError)
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
  })
})

describe('the inbox caps', () => {
  it('keeps the newest maxMessages mails, dropping the oldest first', async () => {
    const { mail, mailer } = await start({ maxMessages: 3 })
    try {
      for (const n of [1, 2, 3, 4, 5])
        await mailer.send({ to: 'a@example.test', subject: `mail ${n}`, text: 'x' })
      const response = await fetch(`${mail.url}/api/v1/messages`)
      const list = (await response.json()) as List
      expect(list.total).toBe(3)
      expect(list.messages.map((m) => m.Subject)).toEqual(['mail 5', 'mail 4', 'mail 3'])
      expect(mail.inbox.list().map((m) => m.subject)).toEqual(['mail 5', 'mail 4', 'mail 3'])
    } finally {
      mailer.close()
      await mail.close()
    }
  })

  it('drops the oldest mails once their kept text passes maxChars, keeping the newest even alone', () => {
    const inbox = new Inbox({ maxChars: 1_000 })
    const content = (subject: string, text: string) => ({
      messageId: '',
      from: { Name: '', Address: '' },
      to: [],
      subject,
      date: undefined,
      text,
      html: '',
      snippet: '',
      size: text.length,
    })
    for (const n of [1, 2, 3]) inbox.add(content(`mail ${n}`, 'x'.repeat(400)))
    expect(inbox.list().map((m) => m.subject)).toEqual(['mail 3', 'mail 2'])
    inbox.add(content('huge', 'y'.repeat(5_000)))
    expect(inbox.list().map((m) => m.subject)).toEqual(['huge'])
    inbox.delete()
    for (const n of [1, 2]) inbox.add(content(`after ${n}`, 'z'.repeat(450)))
    expect(inbox.list().map((m) => m.subject)).toEqual(['after 2', 'after 1'])
  })

  it('refuses a message over maxMessageBytes with 552 and keeps serving', async () => {
    const { mail, mailer } = await start({ maxMessageBytes: 4_000 })
    try {
      const refused = mailer.send({ to: 'a@example.test', subject: 'big', text: 'y'.repeat(10_000) })
      await expect(refused).rejects.toMatchObject({ responseCode: 552 })
      await mailer.send({ to: 'a@example.test', subject: 'small', text: 'fits' })
      expect(mail.inbox.list().map((m) => m.subject)).toEqual(['small'])
      const response = await fetch(`${mail.url}/api/v1/messages`)
      expect(((await response.json()) as List).total).toBe(1)
    } finally {
      mailer.close()
      await mail.close()
    }
  })

  it(`refuses the SMTP connection past ${MAX_SMTP_CLIENTS} at once with 421`, async () => {
    const [smtpPort, httpPort] = await twoFreePorts()
    const mail = await startMail({ smtpPort, httpPort, logger: silentLogger })
    const [host, port] = new URL(mail.smtpUrl).host.split(':') as [string, string]
    const greet = () =>
      new Promise<{ line: string; close: () => void }>((resolve, reject) => {
        const socket = connect(Number(port), host)
        socket.once('error', reject)
        socket.once('data', (data) => resolve({ line: data.toString(), close: () => socket.destroy() }))
      })
    const open = await Promise.all(Array.from({ length: MAX_SMTP_CLIENTS }, greet))
    const extra = await greet()
    expect(open.every(({ line }) => line.startsWith('220'))).toBe(true)
    expect(extra.line).toMatch(/^421 /)
    for (const { close } of [...open, extra]) close()
    await mail.close()
  })
})
