import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from '../../common/index.js'
import { type RunningMail, startMail } from '../../services/mail/index.js'
import { twoFreePorts } from '../support/ports.js'
import { getWithHost } from './support/getWithHost.js'

describe('the local inbox refuses Host names it does not answer to (DNS rebinding)', () => {
  let mail: RunningMail
  let port: number

  beforeAll(async () => {
    const [smtpPort, httpPort] = await twoFreePorts()
    port = httpPort
    mail = await startMail({ smtpPort, httpPort, logger: silentLogger, publicNames: ['inbox.dev.test'] })
  })
  afterAll(() => mail.close())

  it('answers 421 to a page whose domain was rebound to the loopback address', async () => {
    for (const host of [
      `attacker.example:${port}`,
      'attacker.example',
      `localhost.attacker.example:${port}`,
    ]) {
      const answer = await getWithHost(`${mail.url}/api/v1/messages`, host)
      expect(answer.status, host).toBe(421)
      expect(answer.body).not.toContain('messages')
    }
  })

  it('answers its listen host, its localhost twin and a configured public name', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'inbox.dev.test', 'inbox.dev.test:443'])
      expect((await getWithHost(`${mail.url}/api/v1/messages`, host)).status, host).toBe(200)
  })
})
