import { randomBytes } from 'node:crypto'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BitcoinAdapter, defineBitcoinNetwork } from '../../bitcoin/index.js'
import { formatSiwxMessage, matchSiwxMessage } from '../../engine/siwx/index.js'
import { walletConnectOnlyAdapter } from '../../modal/adapters/eip155/walletConnectOnly.js'
import { mapMemory } from '../../modal/controllers/memory.js'
import { AppKit } from '../../modal/core/appKit.js'
import type { SIWXConfig, SIWXMessage, SIWXSession } from '../../modal/siwx/types.js'
import { verifyBip122Signature } from '../../services/api/siwx/verify/bip122.js'
import { type LocalBitcoin, startBitcoinChain } from '../../services/bitcoin/index.js'
import { until } from '../modal/support/kit.js'
import { pageHost } from './pageHost.js'

let chain: LocalBitcoin
beforeAll(async () => {
  chain = await startBitcoinChain({ host: '127.0.0.1', port: 0 })
})
afterAll(() => chain.close())

/** A SIWXConfig in memory whose sessions are kept only once the api's bip122 verifier accepts them. */
class BitcoinSIWX implements SIWXConfig {
  sessions: SIWXSession[] = []

  async createMessage(input: { accountAddress: string; chainId: string }): Promise<SIWXMessage> {
    const data = {
      ...input,
      domain: 'app.pairwise.localhost',
      uri: 'https://app.pairwise.localhost/',
      version: '1',
      nonce: randomBytes(16).toString('hex'),
      issuedAt: new Date().toISOString(),
    }
    const text = formatSiwxMessage(data)
    return { ...data, toString: () => text }
  }

  async addSession(session: SIWXSession): Promise<void> {
    matchSiwxMessage(session.message, session.data)
    const [, chainReference = ''] = session.data.chainId.split(':')
    const { accountAddress: address } = session.data
    if (
      !verifyBip122Signature({
        chainReference,
        address,
        message: session.message,
        signature: session.signature,
      })
    )
      throw new Error('The sign-in signature does not match the account')
    this.sessions.push(session)
  }

  async revokeSession(): Promise<void> {
    this.sessions = []
  }

  async setSessions(sessions: SIWXSession[]): Promise<void> {
    this.sessions = sessions
  }

  async getSessions(chainId: string, address: string): Promise<SIWXSession[]> {
    return this.sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
  }

  getRequired(): boolean {
    return true
  }
}

describe('sign-in with a Bitcoin wallet in the modal', () => {
  it.each([
    'standard',
    'satsConnect',
  ] as const)('the %s test wallet signs the bip122 sign-in message with BIP-322 through the Bitcoin adapter, and the session names the payment address', async (family) => {
    const page = pageHost()
    const name = `Test ${family}`
    const handler = page.install({ family, name, seed: `siwx-${family}`, esplora: {} })
    const network = defineBitcoinNetwork({
      chain: 'regtest',
      name: 'Bitcoin Regtest',
      esploraUrl: `${chain.url}/api`,
    })
    const siwx = new BitcoinSIWX()
    const kit = new AppKit(
      {
        adapters: [new BitcoinAdapter({ registry: page.registry })],
        networks: [network],
        siwx,
        metadata: { name: 'Example', description: '', url: 'https://app.pairwise.localhost/', icons: [] },
      },
      { memory: mapMemory(), walletConnectOnly: walletConnectOnlyAdapter, target: page.target },
    )
    await kit.ready()
    const connectorId = kit.store.get().connectors.find((c) => c.name === name)?.id
    expect(connectorId).toBeDefined()
    await kit.connect(connectorId as string)
    await until(kit, (s) => s.open && s.router.view === 'SIWXSignMessage')
    await kit.requestSignMessage()
    const [payment] = handler.accounts
    const [session] = siwx.sessions
    expect(session?.data).toMatchObject({ chainId: network.caipNetworkId, accountAddress: payment?.address })
    expect(session?.message).toContain('wants you to sign in with your Bitcoin account:')
    expect(
      Verifier.verifySignature(payment?.address ?? '', session?.message ?? '', session?.signature ?? ''),
    ).toBe(true)
    kit.destroy()
  })
})
