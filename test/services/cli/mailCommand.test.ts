import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { describe, expect, it } from 'vitest'
import { smtpMailer } from '../../../services/mail/index.js'
import { runCli, useBundledCli } from '../../support/cli.js'
import { freePort, isPortTaken, twoFreePorts } from '../../support/ports.js'

const bundled = useBundledCli('mail-cli')

const stackTrace = /^\s+at /m

/** The IPv4 addresses listening on TCP `port`, from /proc/net/tcp (Linux): a printed URL may name another. */
function listenAddresses(port: number): string[] {
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(
      ([, local = '', , state]) =>
        state === '0A' && local.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`),
    )
    .map(([, local = '']) =>
      (local.slice(0, 8).match(/../g) ?? [])
        .reverse()
        .map((byte) => Number.parseInt(byte, 16))
        .join('.'),
    )
}

describe('pairwise mail', () => {
  it('serves the inbox and SMTP on the given ports, keeps a mail sent to it, and stops on SIGTERM', async () => {
    const [smtp, http] = await twoFreePorts()
    const ports = { smtp, http }
    const run = runCli(bundled.cli, ['mail', '--smtp-port', String(ports.smtp), '--port', String(ports.http)])
    try {
      await run.waitFor(
        new RegExp(
          `mail\\s+http://127\\.0\\.0\\.1:${ports.http} .*SMTP smtp://127\\.0\\.0\\.1:${ports.smtp}`,
        ),
      )
      const health = await fetch(`http://127.0.0.1:${ports.http}/health`)
      expect(health.status).toBe(200)
      const mailer = smtpMailer(`smtp://127.0.0.1:${ports.smtp}`, { from: 'cli@pairwise.localhost' })
      await mailer.send({
        to: 'someone@example.com',
        subject: 'Your Shop login code',
        text: 'Your code: 123456',
      })
      mailer.close()
      const listed = (await (await fetch(`http://127.0.0.1:${ports.http}/api/v1/messages`)).json()) as {
        messages: { Subject: string }[]
      }
      expect(listed.messages.map((m) => m.Subject)).toEqual(['Your Shop login code'])
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
    expect(run.output()).toContain('Stopped.')
    expect(await isPortTaken(ports.smtp)).toBe(false)
    expect(await isPortTaken(ports.http)).toBe(false)
  }, 30_000)

  it('takes its ports from PAIRWISE_SMTP_PORT and PAIRWISE_MAIL_PORT', async () => {
    const [smtp, http] = await twoFreePorts()
    const ports = { smtp, http }
    const run = runCli(bundled.cli, ['mail'], {
      ...process.env,
      PAIRWISE_SMTP_PORT: String(ports.smtp),
      PAIRWISE_MAIL_PORT: String(ports.http),
    })
    try {
      await run.waitFor(new RegExp(`mail\\s+http://127\\.0\\.0\\.1:${ports.http}`))
      expect(run.output()).toContain(`smtp://127.0.0.1:${ports.smtp}`)
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 30_000)

  it('keeps the inbox of login codes on loopback when PAIRWISE_HOST is not, as `pairwise start` does', async () => {
    const [smtp, http] = await twoFreePorts()
    const run = runCli(bundled.cli, ['mail', '--smtp-port', String(smtp), '--port', String(http)], {
      ...process.env,
      PAIRWISE_HOST: '0.0.0.0',
    })
    try {
      await run.waitFor(/mail\s+http:/)
      expect(listenAddresses(http)).toEqual(['127.0.0.1'])
      expect(listenAddresses(smtp)).toEqual(['127.0.0.1'])
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toBe(0)
  }, 30_000)

  it('refuses a bad flag, a bad port and a taken port in one line, exit 1, no stack trace', async () => {
    const taken = await freePort()
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve))
    try {
      const cases: [string[], RegExp][] = [
        [['--colour', 'blue'], /^pairwise mail: Unknown option '--colour'/m],
        [
          ['--smtp-port', 'eighty'],
          /^pairwise mail: --smtp-port must be a port number from 1 to 65535, got 'eighty'$/m,
        ],
        [['--port', '70000'], /^pairwise mail: --port must be a port number from 1 to 65535, got '70000'$/m],
        [
          ['--smtp-port', String(taken), '--port', String(await freePort())],
          new RegExp(
            `The smtp port 127\\.0\\.0\\.1:${taken} is already in use.* another port with --smtp-port\\.$`,
            'm',
          ),
        ],
      ]
      for (const [args, message] of cases) {
        const run = runCli(bundled.cli, ['mail', ...args])
        expect(await run.exited, args.join(' ')).toBe(1)
        expect(run.output(), args.join(' ')).toMatch(message)
        expect(run.output()).not.toMatch(stackTrace)
      }
    } finally {
      blocker.close()
    }
    // Four CLI starts one after another: a busy machine takes seconds to load each.
  }, 60_000)
})
