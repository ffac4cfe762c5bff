import { base64 } from '@scure/base'
import * as z from 'zod/mini'
import { type BitcoinAccount, orderAccounts } from '../accounts.js'
import { BitcoinError } from '../errors.js'
import { bitcoinChains } from '../networks.js'
import { type BitcoinConnector, base64Signature, type ConnectorChange } from './connector.js'

/**
 * The sats-connect wire protocol (Xverse and the wallets that follow it), spoken directly instead of
 * through the `sats-connect` package (79 KB gzip with axios and its own UI): each wallet lists itself in
 * `window.btc_providers` and answers `request(method, params)` with a JSON-RPC envelope.
 */

export type SatsConnectProvider = {
  request(method: string, params: unknown): Promise<unknown>
  addListener?(...args: unknown[]): unknown
}

const listing = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.optional(z.string().check(z.maxLength(100_000))),
})
export type SatsConnectListing = z.infer<typeof listing>

/** The providers the page lists in `btc_providers`, each with the object at its dotted path `id`. */
export function satsConnectProviders(
  target: object,
): { listing: SatsConnectListing; provider: SatsConnectProvider }[] {
  const listed: unknown = (target as { btc_providers?: unknown }).btc_providers
  if (!Array.isArray(listed)) return []
  return listed.slice(0, 20).flatMap((entry) => {
    const parsed = z.safeParse(listing, entry)
    if (!parsed.success) return []
    let at: unknown = target
    for (const part of parsed.data.id.split('.')) at = (at as Record<string, unknown> | undefined)?.[part]
    return typeof (at as SatsConnectProvider | undefined)?.request === 'function'
      ? [{ listing: parsed.data, provider: at as SatsConnectProvider }]
      : []
  })
}

/** Every sats-connect wallet's connector id begins so; its listing's id follows. */
export const satsConnectIdPrefix = 'bip122:sats-connect:'

/** sats-connect's error codes the connector tells apart. */
export const satsConnectErrors = { userRejection: -32000, methodNotSupported: -32001, accessDenied: -32002 }

// The error branch first: `result: unknown` would take an error envelope too.
const envelope = z.union([
  z.object({ error: z.object({ code: z.number(), message: z.optional(z.string()) }) }),
  z.object({ result: z.unknown() }),
])
const info = z.object({ version: z.optional(z.string()), methods: z.optional(z.array(z.string())) })
const address = z.object({
  address: z.string().check(z.minLength(14), z.maxLength(90)),
  publicKey: z.optional(z.string().check(z.regex(/^(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/))),
  purpose: z.optional(z.string()),
  addressType: z.optional(z.string()),
  // WBIP's getAddresses name; sats-connect wallets that know the path give it here.
  path: z.optional(z.string().check(z.maxLength(64))),
})
const addresses = z.union([z.array(z.unknown()), z.object({ addresses: z.array(z.unknown()) })])
const signedMessage = z.object({ signature: base64Signature })
const signedPsbt = z.object({
  psbt: z.base64(),
  txid: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
})
const sent = z.object({ txid: z.string().check(z.regex(/^[0-9a-f]{64}$/)) })
const networkEvent = z.object({ bitcoin: z.object({ name: z.string() }) })

export class SatsConnectError extends BitcoinError {
  readonly rpcCode: number
  constructor(code: number, message: string) {
    super('WALLET_REJECTED', undefined, message)
    this.rpcCode = code
  }
}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new BitcoinError('WALLET_ANSWER', result.error, result.error.issues[0]?.message)
  return result.data
}

function reported(result: unknown): BitcoinAccount[] {
  const list = parsed(addresses, result)
  const entries = (Array.isArray(list) ? list : list.addresses).flatMap((entry) => {
    const one = z.safeParse(address, entry)
    return one.success && one.data.publicKey ? [{ ...one.data, publicKey: one.data.publicKey }] : []
  })
  return orderAccounts(entries)
}

/** A sats-connect provider as a connector. */
export function satsConnectConnector({
  listing: listed,
  provider,
}: {
  listing: SatsConnectListing
  provider: SatsConnectProvider
}): BitcoinConnector {
  let methods: Promise<readonly string[] | undefined> | undefined
  const call = async (method: string, params: unknown): Promise<unknown> => {
    const answer = parsed(envelope, await provider.request(method, params))
    if ('error' in answer)
      throw new SatsConnectError(answer.error.code, answer.error.message ?? `${method} failed`)
    return answer.result
  }
  // Like the library, ask what the wallet is before anything else, once; a wallet without getInfo is old.
  const offered = () => {
    methods ??= call('getInfo', null).then(
      (result) => z.safeParse(info, result).data?.methods,
      () => undefined,
    )
    return methods
  }
  const offers = async (method: string) => (await offered())?.includes(method) ?? true
  return {
    id: satsConnectIdPrefix + listed.id,
    name: listed.name,
    icon: listed.icon,
    async connect(_chain, silent) {
      await offered()
      if (!silent) return reported(await call('getAccounts', { purposes: ['payment', 'ordinals'] }))
      if (!(await offers('wallet_getAccount'))) return []
      try {
        return reported(await call('wallet_getAccount', null))
      } catch (error) {
        // Not granted yet, or an older wallet without the method: nothing to restore, and no prompt.
        if (
          error instanceof SatsConnectError &&
          (error.rpcCode === satsConnectErrors.accessDenied ||
            error.rpcCode === satsConnectErrors.methodNotSupported)
        )
          return []
        throw error
      }
    },
    async disconnect() {
      if (await offers('wallet_renouncePermissions')) await call('wallet_renouncePermissions', null)
    },
    async signMessage({ account, message, protocol }) {
      const result = await call('signMessage', {
        address: account.address,
        message,
        protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      })
      return { address: account.address, signature: parsed(signedMessage, result).signature, protocol }
    },
    async signPsbt({ psbt, inputs, broadcast }) {
      const result = parsed(
        signedPsbt,
        await call('signPsbt', {
          psbt: base64.encode(psbt),
          signInputs: Object.fromEntries(inputs.map(({ address: a, indexes }) => [a, indexes])),
          broadcast,
        }),
      )
      return { psbt: base64.decode(result.psbt), ...(result.txid ? { txid: result.txid } : {}) }
    },
    async sendTransfer({ to, sats }) {
      const result = await call('sendTransfer', { recipients: [{ address: to, amount: Number(sats) }] })
      return parsed(sent, result).txid
    },
    async switchNetwork(chain) {
      if (!(await offers('wallet_changeNetwork')))
        throw new BitcoinError('SWITCH_IN_WALLET', undefined, chain.satsConnect)
      await call('wallet_changeNetwork', { name: chain.satsConnect })
    },
    onChange(listener: (change: ConnectorChange) => void) {
      if (typeof provider.addListener !== 'function') return () => undefined
      const stops: unknown[] = []
      const on = (eventName: string, cb: (event: unknown) => void) =>
        // sats-connect 4 passes one object; 3 (AppKit's) passes the name and the callback.
        stops.push(
          provider.addListener?.length === 1
            ? provider.addListener({ eventName, cb })
            : provider.addListener?.(eventName, cb),
        )
      on('networkChange', (event) => {
        const name = z.safeParse(networkEvent, event).data?.bitcoin.name
        const chain = Object.values(bitcoinChains).find((c) => c.satsConnect === name)
        if (chain) listener({ type: 'network', chain })
      })
      on('accountChange', () => {
        void call('wallet_getAccount', null).then(
          (result) => {
            const accounts = reported(result)
            listener(accounts.length ? { type: 'accounts', accounts } : { type: 'disconnect' })
          },
          () => listener({ type: 'disconnect' }),
        )
      })
      on('disconnect', () => listener({ type: 'disconnect' }))
      return () => {
        for (const stop of stops) if (typeof stop === 'function') stop()
      }
    },
  }
}
