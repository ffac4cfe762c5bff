import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type RunningRelay, type StartRelayOptions, startRelay } from '../../services/relay/index.js'
import { recordingLogger } from '../services/relay/support/semanticsSuite.js'
import {
  pairClients,
  type SignClientInstance,
  shutDownClient,
  signThroughSession,
} from './support/signFlow.js'

process.env.IS_VITEST = 'true'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-interop-resilience-'))
const relays: RunningRelay[] = []
const clients: SignClientInstance[] = []
const logger = recordingLogger()

afterEach(async () => {
  await Promise.all(clients.splice(0).map(shutDownClient))
  await Promise.all(relays.splice(0).map((relay) => relay.close()))
})
afterAll(() => rmSync(directory, { recursive: true, force: true }))

async function relay(options: StartRelayOptions): Promise<RunningRelay> {
  const started = await startRelay({ rejectBadAuth: true, logger, ...options })
  relays.push(started)
  return started
}

describe('official sign-client 2.25.0 through relay outages', () => {
  it('delivers a request from the mailbox to a wallet that was offline when it was sent', async () => {
    const node = await relay({ port: 0 })
    const paired = await pairClients({
      SignClient,
      dappRelayUrl: node.url,
      walletRelayUrl: node.url,
      label: 'offline wallet',
      clients,
    })
    await paired.wallet.core.relayer.transportClose()
    const started = performance.now()
    const signed = signThroughSession(paired, 'sent while the wallet is offline')
    await new Promise((resolve) => setTimeout(resolve, 500))
    await paired.wallet.core.relayer.transportOpen()
    await signed
    console.info(`request to an offline wallet (500 ms away): ${(performance.now() - started).toFixed(0)} ms`)
  })

  it('keeps the session across a relay restart on the same SQLite file, with a request sent while it was down', async () => {
    const store = `sqlite:${join(directory, 'restart.db')}` as const
    const first = await relay({ port: 0, store })
    const paired = await pairClients({
      SignClient,
      dappRelayUrl: first.url,
      walletRelayUrl: first.url,
      label: 'relay restart',
      clients,
    })
    await first.close()
    const started = performance.now()
    const signed = signThroughSession(paired, 'sent while the relay is down', 30_000)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const second = await relay({ port: first.port, store })
    await signed
    console.info(`request sent during a 1 s relay outage: ${(performance.now() - started).toFixed(0)} ms`)
    await signThroughSession(paired, 'after the restart')
    expect(second.stats()).toMatchObject({ unknownMethods: 0, authRefused: 0 })
  })
})
