import { createTransport } from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../common/index.js'
import { type RunningMail, startMail } from '../../../services/mail/index.js'
import { MAX_SMTP_RECIPIENTS, PARSE_TIMEOUT_MS } from '../../../services/mail/limits.js'
import { twoFreePorts } from '../../support/ports.js'

// Each nested part opens the next: mailparser throws EMAXLEN from a stream callback, outside its promise.
const deeplyNested = () => {
  let parts = ''
  for (let n = 0; n < 3000; n++) parts += `Content-Type: multipart/mixed; boundary="b${n}"\r\n\r\n--b${n}\r\n`
  return `Subject: deep\r\n${parts}Content-Type: text/plain\r\n\r\nhi\r\n`
}

// html-to-text spends about 20 s on this, then throws "Failed to parse HTML" outside any promise.
const tagSoup = () => `Subject: soup\r\nContent-Type: text/html\r\n\r\n<p>${'<b>'.repeat(200_000)}</p>\r\n`

type List = { total: number; messages: { Subject: string; Snippet: string }[] }

describe('the SMTP server and messages its parser cannot handle', () => {
  let mail: RunningMail
  const transport = () => {
    const { hostname, port } = new URL(mail.smtpUrl)
    return createTransport({ host: hostname, port: Number(port), secure: false, ignoreTLS: true })
  }
  const sendRaw = (raw: string) =>
    transport().sendMail({ envelope: { from: 'a@example.test', to: ['b@example.test'] }, raw })

  beforeAll(async () => {
    const [smtpPort, httpPort] = await twoFreePorts()
    mail = await startMail({ smtpPort, httpPort, logger: silentLogger })
  })
  afterAll(() => mail.close())

  it('refuses 3,000 nested multipart parts with 554, and still takes the next mail', async () => {
    await expect(sendRaw(deeplyNested())).rejects.toMatchObject({ responseCode: 554 })
    await sendRaw('Subject: after deep\r\nTo: b@example.test\r\n\r\nstill here\r\n')
    const list = (await (await fetch(`${mail.url}/api/v1/messages`)).json()) as List
    expect(list.messages.map((m) => m.Subject)).toEqual(['after deep'])
  })

  it(`refuses a mail whose To header names over ${MAX_SMTP_RECIPIENTS} addresses with 554, keeping nothing`, async () => {
    mail.inbox.delete()
    const to = (count: number) => Array.from({ length: count }, (_, n) => `r${n}@example.test`).join(', ')
    await expect(
      sendRaw(`Subject: crowd\r\nTo: ${to(MAX_SMTP_RECIPIENTS + 1)}\r\n\r\nhi\r\n`),
    ).rejects.toMatchObject({ responseCode: 554 })
    await sendRaw(`Subject: full house\r\nTo: ${to(MAX_SMTP_RECIPIENTS)}\r\n\r\nhi\r\n`)
    expect(mail.inbox.list().map((m) => [m.subject, m.to.length])).toEqual([
      ['full house', MAX_SMTP_RECIPIENTS],
    ])
  })

  it(`cuts HTML that would stall text extraction after ${PARSE_TIMEOUT_MS} ms with 554, the process responsive`, async () => {
    mail.inbox.delete()
    const started = Date.now()
    let longestStall = 0
    let last = Date.now()
    const ticker = setInterval(() => {
      longestStall = Math.max(longestStall, Date.now() - last)
      last = Date.now()
    }, 50)
    try {
      await expect(sendRaw(tagSoup())).rejects.toMatchObject({ responseCode: 554 })
    } finally {
      clearInterval(ticker)
    }
    expect(Date.now() - started).toBeLessThan(PARSE_TIMEOUT_MS + 5_000)
    expect(longestStall).toBeLessThan(1_000)
    await sendRaw(
      'Subject: after soup\r\nTo: b@example.test\r\nContent-Type: text/html\r\n\r\n<p>Your code</p>\r\n',
    )
    const list = (await (await fetch(`${mail.url}/api/v1/messages`)).json()) as List
    expect(list.messages).toMatchObject([{ Subject: 'after soup', Snippet: 'Your code' }])
  })
})
