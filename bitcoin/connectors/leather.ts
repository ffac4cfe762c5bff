import { hex } from '@scure/base'
import * as z from 'zod/mini'
import { orderAccounts } from '../accounts.js'
import { BitcoinError } from '../errors.js'
import { type BitcoinConnector, base64Signature } from './connector.js'

/** Leather's page API: `window.LeatherProvider.request(method, params)`, answering a JSON-RPC envelope. */
export type LeatherProvider = { request(method: string, params?: unknown): Promise<unknown> }

const envelope = z.object({ result: z.unknown() })
const failure = z.object({ error: z.object({ message: z.optional(z.string()) }) })
const addresses = z.object({ addresses: z.array(z.unknown()) })
const bitcoinAddress = z.object({
  symbol: z.literal('BTC'),
  type: z.optional(z.string()),
  address: z.string().check(z.minLength(14), z.maxLength(90)),
  publicKey: z.string().check(z.regex(/^(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/)),
  derivationPath: z.optional(z.string().check(z.maxLength(64))),
})
const signed = z.object({ signature: base64Signature })
const txid = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const psbt = z.object({
  hex: z.string().check(z.regex(/^(?:[0-9a-fA-F]{2})+$/)),
  txid: z.optional(txid),
})
const sent = z.object({ txid })

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new BitcoinError('WALLET_ANSWER', result.error, result.error.issues[0]?.message)
  return result.data
}

export const leatherConnectorId = 'bip122:leather'

/** Leather as a connector. It has no silent connect and no disconnect: a reload asks again. */
export function leatherConnector(provider: LeatherProvider, icon?: string): BitcoinConnector {
  const call = async (method: string, params?: unknown) => {
    try {
      return parsed(envelope, await provider.request(method, params)).result
    } catch (error) {
      // Leather rejects with the envelope itself on a refusal.
      const refused = z.safeParse(failure, error)
      if (refused.success) throw new BitcoinError('WALLET_REJECTED', error, refused.data.error.message)
      throw error
    }
  }
  return {
    id: leatherConnectorId,
    name: 'Leather',
    icon,
    async connect(_chain, silent) {
      if (silent) return []
      const { addresses: listed } = parsed(addresses, await call('getAddresses'))
      return orderAccounts(
        // Leather names its Stacks address beside the Bitcoin ones; its type is the script type.
        listed.flatMap((entry) => {
          const a = z.safeParse(bitcoinAddress, entry).data
          return a
            ? [{ address: a.address, publicKey: a.publicKey, path: a.derivationPath, addressType: a.type }]
            : []
        }),
      )
    },
    async disconnect() {},
    async signMessage({ account, message, protocol, chain }) {
      if (protocol !== 'bip322') throw new BitcoinError('UNSUPPORTED_PROTOCOL', undefined, protocol)
      const result = await call('signMessage', {
        message,
        paymentType: account.addressType === 'p2tr' ? 'p2tr' : 'p2wpkh',
        network: chain.leather,
      })
      return { address: account.address, signature: parsed(signed, result).signature, protocol }
    },
    async signPsbt({ psbt: bytes, inputs, chain, broadcast }) {
      const result = parsed(
        psbt,
        await call('signPsbt', {
          hex: hex.encode(bytes),
          network: chain.leather,
          broadcast,
          signAtIndex: inputs.flatMap(({ indexes }) => indexes),
        }),
      )
      return { psbt: hex.decode(result.hex), ...(result.txid ? { txid: result.txid } : {}) }
    },
    async sendTransfer({ to, sats, chain }) {
      const result = await call('sendTransfer', {
        recipients: [{ address: to, amount: sats.toString() }],
        network: chain.leather,
      })
      return parsed(sent, result).txid
    },
    onChange: () => () => undefined,
  }
}
