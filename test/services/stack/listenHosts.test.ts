import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startUsage } from '../../../services/cli/startCommand.js'
import { noTrustedProxies } from '../../../services/kit/index.js'
import { type StackConfig, stackParts } from '../../../services/stack/config.js'
import { aloneListenHost, listenHosts } from '../../../services/stack/listenHosts.js'
import { mailPart } from '../../../services/stack/parts/mailPart.js'
import { startParts } from '../../../services/stack/startStack.js'
import { freePortRuns } from '../../support/ports.js'

const dir = mkdtempSync(join(tmpdir(), 'pairwise-listen-hosts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Who reaches these reads login codes or logs in as a test account. */
const devOnly = ['smtp', 'mail', 'farcaster', 'idp']

describe('where each part listens', () => {
  it('for --host 0.0.0.0, keeps the inbox, its SMTP server, the identity providers and the Farcaster test client on 127.0.0.1, and puts every other part on 0.0.0.0', () => {
    const hosts = listenHosts('0.0.0.0')
    for (const part of stackParts)
      expect(hosts[part], part).toBe(devOnly.includes(part) ? '127.0.0.1' : '0.0.0.0')
  })

  it('says so in `pairwise start`’s help, naming the dev-only parts', () => {
    expect(startUsage).toContain(
      'the dev-only ones (smtp, mail, farcaster, idp: the inbox of login codes, the test logins) stay on 127.0.0.1 unless H is a loopback address',
    )
  })

  it('runs a dev-only part alone on loopback for a PAIRWISE_HOST off loopback, on the --host typed for it when there is one', () => {
    for (const part of ['mail', 'farcaster'] as const) {
      expect(aloneListenHost(part, undefined, '0.0.0.0'), part).toBe('127.0.0.1')
      expect(aloneListenHost(part, undefined, '::1'), part).toBe('::1')
      expect(aloneListenHost(part, '0.0.0.0', '127.0.0.1'), part).toBe('0.0.0.0')
    }
  })

  it('keeps a loopback --host for every part, dev-only or not', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      for (const part of stackParts) expect(listenHosts(host)[part], `${host} ${part}`).toBe(host)
  })

  it('takes no 127.x.x.x that is no address (an octet past 255) for loopback: the dev-only parts stay on 127.0.0.1', () => {
    for (const host of ['127.999.0.1', '127.0.0.256'])
      for (const part of stackParts.filter((each) => devOnly.includes(each)))
        expect(listenHosts(host)[part], `${host} ${part}`).toBe('127.0.0.1')
  })

  it('starts the mail part for --host 0.0.0.0 on loopback, and names that address in the stack file', async () => {
    const [smtp = 0, mail = 0] = await freePortRuns([1, 1])
    const config: StackConfig = {
      host: '0.0.0.0',
      dataDir: join(dir, 'data'),
      stackFile: join(dir, 'stack.json'),
      ports: { smtp, mail } as StackConfig['ports'],
      trustProxy: noTrustedProxies,
    }
    const stack = await startParts([mailPart], config)
    try {
      expect(JSON.parse(readFileSync(stack.stackFile, 'utf8')).mail).toEqual({
        url: `http://127.0.0.1:${mail}`,
        smtp: `smtp://127.0.0.1:${smtp}`,
      })
      expect(stack.mail.url).toBe(`http://127.0.0.1:${mail}`)
    } finally {
      await stack.stop()
    }
  })
})
