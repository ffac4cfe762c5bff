import {
  onSessionEnd,
  type WalletConnectSession,
  type WalletConnectTransport,
  walletConnectConnectorId,
} from '@pairwise/modal/adapter'
import { base64, hex } from '@scure/base'
import * as z from 'zod/mini'
import { orderAccounts } from '../accounts.js'
import { BitcoinError } from '../errors.js'
import { type BitcoinChain, caipReference } from '../networks.js'
import { type BitcoinConnector, inputsByIndex } from './connector.js'

/**
 * A Bitcoin wallet connected over WalletConnect: the session's `bip122` namespace, asked through the
 * modal's transport with WalletConnect's Bitcoin RPC (getAccountAddresses, signMessage, signPsbt,
 * sendTransfer), each call on the CAIP-2 chain it is for. The session's account on that chain is the
 * `account` every method names (the wallet's first external address).
 */

const txid = z.string().check(z.regex(/^[0-9a-f]{64}$/))
// The wallet's answers, as WalletConnect's Bitcoin RPC reference gives them; checked before use.
const accountAddresses = z.array(z.unknown()).check(z.maxLength(100))
const accountAddress = z.object({
  address: z.string().check(z.minLength(14), z.maxLength(90)),
  publicKey: z.optional(z.string().check(z.regex(/^(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/))),
  path: z.optional(z.string().check(z.maxLength(64))),
  intention: z.optional(z.string()),
})
// Hex, as WalletConnect's reference and AppKit read it: a BIP-322 witness stack or BIP-137's 65 bytes.
const signedMessage = z.object({ signature: z.string().check(z.regex(/^(?:[0-9a-fA-F]{2}){64,2048}$/)) })
const signedPsbt = z.object({ psbt: z.base64(), txid: z.optional(txid) })
const sent = z.object({ txid })

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown, method: string): T {
  const result = z.safeParse(schema, value)
  if (!result.success)
    throw new BitcoinError('WALLET_ANSWER', result.error, `${method}: ${result.error.issues[0]?.message}`)
  return result.data
}

/** The CAIP-2 id of a chain, as the session names it. */
export const bip122ChainId = (chain: BitcoinChain) => `bip122:${caipReference(chain.genesisHash)}`

/** The session's Bitcoin addresses on `chainId` (its CAIP-10 accounts `bip122:<reference>:<address>`). */
export function sessionAddresses(session: WalletConnectSession, chainId: string): string[] {
  return (session.namespaces?.bip122 ?? []).flatMap((account) =>
    account.startsWith(`${chainId}:`) ? [account.slice(chainId.length + 1)] : [],
  )
}

/** The CAIP-2 chains the session has a Bitcoin account on, each once. */
function sessionChains(session: WalletConnectSession): string[] {
  const chains = (session.namespaces?.bip122 ?? []).map((account) => account.split(':', 2).join(':'))
  return [...new Set(chains)]
}

/** The WalletConnect session `session` of `transport` as a Bitcoin connector. */
export function walletConnectConnector(
  transport: WalletConnectTransport,
  session: WalletConnectSession,
): BitcoinConnector {
  const granted = session.methods?.bip122
  const offers = (method: string) => granted?.includes(method) ?? true
  const account = (chain: BitcoinChain) => {
    const [first] = sessionAddresses(session, bip122ChainId(chain))
    if (!first) throw new BitcoinError('SWITCH_IN_WALLET', undefined, chain.satsConnect)
    return first
  }
  const call = (chain: BitcoinChain, method: string, params: object) =>
    transport.request({ method, params: { account: account(chain), ...params } }, bip122ChainId(chain))
  const connector: BitcoinConnector = {
    id: walletConnectConnectorId,
    name: session.peer.name,
    icon: session.peer.icon,
    chains: sessionChains(session),
    async connect(chain) {
      const addresses = sessionAddresses(session, bip122ChainId(chain))
      if (!addresses.length) return []
      // A wallet without getAccountAddresses is known by its session's addresses alone (no key, no path).
      if (!offers('getAccountAddresses')) return orderAccounts(addresses.map((address) => ({ address })))
      const answer = parsed(
        accountAddresses,
        await call(chain, 'getAccountAddresses', { intentions: ['payment', 'ordinal'] }),
        'getAccountAddresses',
      )
      return orderAccounts(
        answer.flatMap((entry) => {
          const one = z.safeParse(accountAddress, entry)
          if (!one.success) return []
          const { address, publicKey, path, intention } = one.data
          return [{ address, publicKey, path, purpose: intention }]
        }),
      )
    },
    disconnect: () => transport.disconnect(),
    async signMessage({ account: signer, message, protocol, chain }) {
      const answer = await call(chain, 'signMessage', { address: signer.address, message, protocol })
      const { signature } = parsed(signedMessage, answer, 'signMessage')
      return { address: signer.address, signature: base64.encode(hex.decode(signature)), protocol }
    },
    async signPsbt({ psbt, inputs, chain, broadcast }) {
      const answer = await call(chain, 'signPsbt', {
        psbt: base64.encode(psbt),
        signInputs: inputsByIndex(inputs),
        broadcast,
      })
      const result = parsed(signedPsbt, answer, 'signPsbt')
      return { psbt: base64.decode(result.psbt), ...(result.txid ? { txid: result.txid } : {}) }
    },
    // A session has its chains: the switch is to one of them, or the wallet must add it to the session.
    async switchNetwork(chain) {
      account(chain)
    },
    // A session's accounts hold until it ends; its end (the wallet deleted it, or it expired) is a disconnect.
    onChange: (listener) => onSessionEnd(transport, () => listener({ type: 'disconnect' })),
  }
  if (!offers('sendTransfer')) return connector
  return {
    ...connector,
    async sendTransfer({ to, sats, chain }) {
      const answer = await call(chain, 'sendTransfer', { recipientAddress: to, amount: sats.toString() })
      return parsed(sent, answer, 'sendTransfer').txid
    },
  }
}
