import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { childRelays } from '../services/relay/support/childRelay.js'
import { randomTopic, testIdentity } from '../services/relay/support/rawClient.js'
import { collect, connect, health, publish, startSqliteRelay } from './support/sqliteChild.js'

const relays = childRelays('pairwise-sqlite-full-')

/**
 * Sets the relay process's file size limit (RLIMIT_FSIZE, soft): a limit of 0 makes every write to
 * its mailbox file and log fail as on a full disk, while its sockets and pipes go on working. Node
 * ignores SIGXFSZ, so the writes fail with EFBIG instead of killing it.
 */
function limitFileSize(pid: number, limit: string): void {
  execFileSync('prlimit', ['--pid', String(pid), `--fsize=${limit}:`])
}

function fileSizeLimit(pid: number): string {
  return execFileSync('prlimit', ['--pid', String(pid), '--fsize', '--output=SOFT', '--noheadings', '--raw'])
    .toString()
    .trim()
}

describe('SQLite relay on a full disk', () => {
  it('refuses publishes with an error, reports it on /health, loses nothing acked, and recovers when space returns', async () => {
    const relay = await startSqliteRelay(relays, join(relays.directory, 'mailbox.db'))
    const pid = relay.child.pid
    if (pid === undefined) throw new Error('the relay child has no pid')
    const publisher = await connect(relay, testIdentity())
    const topic = randomTopic()
    const acked = new Set<string>()
    const refused = new Set<string>()
    const send = async (texts: string[]) => {
      // Sent together so that they share commits, as publishes of a busy relay do.
      const outcomes = await Promise.all(texts.map((text) => publish(publisher, topic, text)))
      for (const [index, text] of texts.entries()) (outcomes[index] ? acked : refused).add(text)
    }
    const batch = (name: string) => Array.from({ length: 20 }, (_, index) => `${name} ${index}`)

    await send(batch('before'))
    expect(refused).toEqual(new Set())
    expect(await health(relay)).toMatchObject({ status: 200, body: { status: 'ok', storeError: null } })

    const original = fileSizeLimit(pid)
    limitFileSize(pid, '0')
    await send(batch('full'))
    expect([...refused].sort()).toEqual(batch('full').sort())
    const degraded = await health(relay)
    expect(degraded).toMatchObject({ status: 503, body: { status: 'degraded' } })
    expect(degraded.body.storeError).toMatch(/disk I\/O error|disk is full/)

    limitFileSize(pid, original)
    await send(batch('after'))
    expect(acked.size).toBe(40)
    // A checkpoint pass that ran while the disk was full is reported until the next one (every 200 ms) works.
    await expect
      .poll(() => health(relay), { timeout: 10_000 })
      .toMatchObject({ status: 200, body: { status: 'ok', storeError: null } })

    const received = await collect(relay, testIdentity(), [topic], acked, 5000)
    expect(new Set(received)).toEqual(acked)
    await publisher.close()
  }, 60_000)
})
