import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RELAYER_EVENTS } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SignMethodPolicies } from '../../relay/protocol/index.js'
import { buildRelayEntry, type ChildRelay, startChildRelay } from '../services/relay/support/childRelay.js'
import {
  pairClients,
  type SignClientInstance,
  shutDownClient,
  signThroughSession,
  within,
} from './support/signFlow.js'

process.env.IS_VITEST = 'true'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-interop-sigkill-'))
/** How the relay keeps its mailboxes; the test only passes with one that survives SIGKILL. */
const store = `sqlite:${join(directory, 'mailbox.db')}`
let entry = ''
const children: ChildRelay[] = []
const clients: SignClientInstance[] = []

beforeAll(async () => {
  entry = await buildRelayEntry()
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map(shutDownClient))
  for (const relay of children.splice(0)) {
    if (relay.child.exitCode === null && relay.child.signalCode === null) relay.child.kill('SIGKILL')
    await relay.exited
  }
})

afterAll(() => {
  rmSync(directory, { recursive: true, force: true })
  rmSync(entry, { force: true })
})

async function startRelayProcess(port: number): Promise<ChildRelay> {
  const relay = await startChildRelay(entry, [
    '--port',
    String(port),
    '--store',
    store,
    '--reject-bad-auth',
    '--log-level',
    'warn',
  ])
  children.push(relay)
  return relay
}

/** Resolves once the relay has answered the publish of a session request on `topic`. */
function sessionRequestAcked(client: SignClientInstance, topic: string): Promise<void> {
  const { tag } = SignMethodPolicies.wc_sessionRequest.request
  return new Promise((resolve) => {
    // The official client emits this only after the relay's result for the irn_publish came back.
    const seen = (request: { method?: string; params?: { topic?: string; tag?: number } }) => {
      if (request.method !== 'irn_publish' || request.params?.topic !== topic || request.params.tag !== tag)
        return
      client.core.relayer.off(RELAYER_EVENTS.publish, seen)
      resolve()
    }
    client.core.relayer.on(RELAYER_EVENTS.publish, seen)
  })
}

describe('official sign-client 2.25.0 across a SIGKILL of the relay', () => {
  it('delivers a request acked before kill -9 to a wallet that subscribes only after the restart', async () => {
    const first = await startRelayProcess(0)
    const paired = await pairClients({
      SignClient,
      dappRelayUrl: first.url,
      walletRelayUrl: first.url,
      label: 'sigkill restart',
      clients,
    })
    const { dapp, wallet, topic } = paired
    let requestsSeen = 0
    wallet.on('session_request', () => requestsSeen++)

    await wallet.core.relayer.transportClose()
    expect(wallet.core.relayer.connected).toBe(false)

    const acked = sessionRequestAcked(dapp, topic)
    const signed = signThroughSession(paired, 'sent before the relay was killed', 30_000)
    // Awaited below; if an earlier step fails first, its rejection must not surface after the test.
    signed.catch(() => undefined)
    await within(acked, 15_000, 'the relay acking the dapp request')

    first.child.kill('SIGKILL')
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    const second = await startRelayProcess(first.port)
    expect(second.url).toBe(first.url)
    expect(requestsSeen).toBe(0)

    await wallet.core.relayer.transportOpen()
    await signed
    expect(requestsSeen).toBe(1)
  }, 60_000)
})
