import { randomBytes } from 'node:crypto'
import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { formatSiwxMessage, matchSiwxMessage } from '../../../engine/siwx/index.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXSession } from '../../../modal/siwx/types.js'
import { devPrivateKeys } from '../../../services/index.js'
import type { FakeProvider } from '../support/fakeProvider.js'
import { alice, bob, injectedKit, until } from '../support/kit.js'

export const domain = 'app.pairwise.localhost'
export const uri = 'https://app.pairwise.localhost/'

/**
 * A SIWXConfig in memory, as the tests' app: EIP-4361 messages with a fresh 128-bit nonce, sessions kept
 * only after the message matches its data and viem recovers the signer. It records what the flow asked.
 */
export class MemorySIWX implements SIWXConfig {
  readonly created: SIWXMessage[] = []
  readonly lookups: [string, string][] = []
  sessions: SIWXSession[] = []
  required = true
  signOutOnDisconnect?: boolean
  /** Makes getSessions fail, as a config whose backend is down does. */
  failLookups = false

  async createMessage(input: { accountAddress: string; chainId: string }): Promise<SIWXMessage> {
    const data: SIWXMessageData = {
      ...input,
      domain,
      uri,
      version: '1',
      nonce: randomBytes(16).toString('hex'),
      issuedAt: new Date().toISOString(),
    }
    const text = formatSiwxMessage(data)
    const created: SIWXMessage = { ...data, toString: () => text }
    this.created.push(created)
    return created
  }

  async addSession(session: SIWXSession): Promise<void> {
    matchSiwxMessage(session.message, session.data)
    const valid = await verifyMessage({
      address: session.data.accountAddress as Hex,
      message: session.message,
      signature: session.signature as Hex,
    })
    if (!valid) throw new Error('The sign-in signature does not match the account')
    this.sessions.push(session)
  }

  async revokeSession(chainId: string, address: string): Promise<void> {
    this.sessions = this.sessions.filter((s) => !isFor(s, chainId, address))
  }

  async setSessions(sessions: SIWXSession[]): Promise<void> {
    this.sessions = []
    for (const session of sessions) await this.addSession(session)
  }

  async getSessions(chainId: string, address: string): Promise<SIWXSession[]> {
    this.lookups.push([chainId, address])
    if (this.failLookups) throw new Error('the sign-in backend is unreachable')
    return this.sessions.filter((s) => isFor(s, chainId, address))
  }

  getRequired(): boolean {
    return this.required
  }
}

function isFor(session: SIWXSession, chainId: string, address: string): boolean {
  return (
    session.data.chainId === chainId && session.data.accountAddress.toLowerCase() === address.toLowerCase()
  )
}

const accounts = devPrivateKeys.slice(0, 2).map((key) => privateKeyToAccount(key))

/**
 * The injected wallet signs personal_sign with the dev account it holds, as a real wallet does; with
 * `gate`, only once it resolves (the visitor still reading the wallet's prompt).
 */
export function signWithDevAccounts(provider: FakeProvider, gate?: Promise<void>): void {
  provider.override('personal_sign', async (params) => {
    await gate
    const [data, address] = params as [Hex, string]
    const account = accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())
    if (!account) throw new Error(`the wallet holds no key for ${address}`)
    return account.signMessage({ message: { raw: data } })
  })
}

/** A kit with the injected wallet (alice, bob) on `networks`, sign-in configured with `siwx`. */
export async function signInKit(
  networks: [CaipNetwork, ...CaipNetwork[]],
  siwx: MemorySIWX = new MemorySIWX(),
) {
  const setup = injectedKit({
    options: { networks, siwx, metadata: { name: 'Example', description: '', url: uri, icons: [] } },
    walletChains: networks.map((n) => Number(n.id)),
  })
  signWithDevAccounts(setup.provider)
  await setup.kit.ready()
  return { ...setup, siwx }
}

/** Resolves once the modal shows the sign-in view. */
export function signInShown(kit: AppKit) {
  return until(kit, (s) => s.open && s.router.view === 'SIWXSignMessage')
}

/** Lets the flow's pending lookups settle (they answer within a few microtasks). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20))
}

export { alice, bob }
