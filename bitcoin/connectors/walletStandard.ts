import { base64, hex } from '@scure/base'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import * as z from 'zod/mini'
import { type BitcoinAccount, orderAccounts } from '../accounts.js'
import { BitcoinError } from '../errors.js'
import type { BitcoinChain } from '../networks.js'
import type { BitcoinConnector, ConnectorChange } from './connector.js'

/**
 * The Bitcoin Wallet Standard's features (Exodus's `bitcoin:*`), typed here from the standard rather than
 * taken from `@exodus/bitcoin-wallet-standard` (types only). Sign methods are variadic; the adapter passes one.
 */
type BitcoinConnect = {
  connect(input: { purposes: ('payment' | 'ordinals')[] }): Promise<unknown>
}
type StandardConnect = { connect(input?: { silent?: boolean }): Promise<unknown> }
type StandardDisconnect = { disconnect(): Promise<void> }
type StandardEvents = {
  on(event: 'change', listener: (properties: { accounts?: readonly WalletAccount[] }) => void): () => void
}
type SignMessage = {
  signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly unknown[]>
}
type SignTransaction = {
  signTransaction(
    ...inputs: {
      psbt: Uint8Array
      inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
      chain?: string
    }[]
  ): Promise<readonly unknown[]>
}
type SwitchNetwork = { switchNetwork(input: { chain: string }): Promise<unknown> }

type Features = {
  'bitcoin:connect': BitcoinConnect
  'standard:connect': StandardConnect
  'standard:disconnect': StandardDisconnect
  'standard:events': StandardEvents
  'bitcoin:signMessage': SignMessage
  'bitcoin:signTransaction': SignTransaction
  'bitcoin:switchNetwork': SwitchNetwork
}
const methodOf: { [K in keyof Features]: string } = {
  'bitcoin:connect': 'connect',
  'standard:connect': 'connect',
  'standard:disconnect': 'disconnect',
  'standard:events': 'on',
  'bitcoin:signMessage': 'signMessage',
  'bitcoin:signTransaction': 'signTransaction',
  'bitcoin:switchNetwork': 'switchNetwork',
}

/** The wallet's feature `name` when it has one with its method; a wallet is page script, so it is checked. */
export function bitcoinFeatureOf<K extends keyof Features>(wallet: Wallet, name: K): Features[K] | undefined {
  const feature: unknown = wallet.features[name]
  if (typeof feature !== 'object' || feature === null) return undefined
  return typeof (feature as Record<string, unknown>)[methodOf[name]] === 'function'
    ? (feature as Features[K])
    : undefined
}

/** A Bitcoin wallet the adapter lists: it connects and signs PSBTs; a WalletConnect bridge is left out. */
export const isBitcoinStandardWallet = (wallet: Wallet) =>
  wallet.name !== 'WalletConnect' &&
  bitcoinFeatureOf(wallet, 'bitcoin:connect') !== undefined &&
  bitcoinFeatureOf(wallet, 'bitcoin:signTransaction') !== undefined

const bytes = z.instanceof(Uint8Array)
const account = z.object({
  address: z.string().check(z.minLength(14), z.maxLength(90)),
  publicKey: bytes.check(z.refine((b) => b.length === 33 || b.length === 32, 'a 33 or 32 byte key')),
  chains: z.array(z.string()),
  // Not in the standard: some wallets add the account's derivation path, kept when they do.
  path: z.optional(z.string().check(z.maxLength(64))),
  purpose: z.optional(z.string()),
})
const connectOutput = z.object({ accounts: z.array(z.unknown()) })
const signMessageOutput = z.object({ signature: bytes.check(z.minLength(64), z.maxLength(200)) })
const signTransactionOutput = z.object({ signedPsbt: bytes })

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new BitcoinError('WALLET_ANSWER', result.error, result.error.issues[0]?.message)
  return result.data
}

/** The wallet's accounts that are Bitcoin accounts on `chain` (an account naming no chain is taken as-is). */
function accountsOf(
  raw: readonly unknown[],
  chain: BitcoinChain,
): { model: BitcoinAccount[]; raw: WalletAccount[] } {
  const usable = raw.flatMap((value) => {
    const result = z.safeParse(account, value)
    return result.success && (result.data.chains.length === 0 || result.data.chains.includes(chain.standard))
      ? [value as WalletAccount & { path?: string; purpose?: string }]
      : []
  })
  const model = orderAccounts(
    usable.map((a) => ({
      address: a.address,
      publicKey: hex.encode(a.publicKey as Uint8Array),
      path: a.path,
      purpose: a.purpose,
    })),
  )
  return { model, raw: usable }
}

/** A Bitcoin Wallet Standard wallet as a connector. */
export function walletStandardConnector(wallet: Wallet): BitcoinConnector & { readonly wallet: Wallet } {
  let granted: WalletAccount[] = []
  let chain: BitcoinChain | undefined
  const rawAccount = (address: string) => {
    const found = granted.find((a) => a.address === address)
    if (!found) throw new BitcoinError('WALLET_ANSWER', undefined, `no account ${address}`)
    return found
  }
  return {
    wallet,
    id: `bip122:${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    async connect(on, silent) {
      chain = on
      let reported: readonly unknown[]
      if (silent) {
        // The standard's bitcoin:connect always prompts: a silent one asks standard:connect where offered,
        // else takes the accounts the wallet already shares with the page.
        const standard = bitcoinFeatureOf(wallet, 'standard:connect')
        reported = standard
          ? parsed(connectOutput, await standard.connect({ silent: true })).accounts
          : wallet.accounts
      } else {
        const connect = bitcoinFeatureOf(wallet, 'bitcoin:connect') as BitcoinConnect
        reported = parsed(
          connectOutput,
          await connect.connect({ purposes: ['payment', 'ordinals'] }),
        ).accounts
      }
      const { model, raw } = accountsOf(reported, on)
      granted = raw
      return model
    },
    async disconnect() {
      granted = []
      await bitcoinFeatureOf(wallet, 'standard:disconnect')?.disconnect()
    },
    async signMessage({ account: signer, message, protocol }) {
      // The standard names no protocol: its wallets sign BIP-322.
      if (protocol !== 'bip322') throw new BitcoinError('UNSUPPORTED_PROTOCOL', undefined, protocol)
      const feature = bitcoinFeatureOf(wallet, 'bitcoin:signMessage')
      if (!feature) throw new BitcoinError('UNSUPPORTED_PROTOCOL', undefined, 'bip322')
      const outputs = await feature.signMessage({
        account: rawAccount(signer.address),
        message: new TextEncoder().encode(message),
      })
      const { signature } = parsed(signMessageOutput, outputs[0])
      return { address: signer.address, signature: base64.encode(signature), protocol }
    },
    async signPsbt({ psbt, inputs, chain: on }) {
      const feature = bitcoinFeatureOf(wallet, 'bitcoin:signTransaction') as SignTransaction
      const outputs = await feature.signTransaction({
        psbt,
        inputsToSign: inputs.map(({ address, indexes }) => ({
          account: rawAccount(address),
          signingIndexes: indexes,
        })),
        chain: on.standard,
      })
      return { psbt: parsed(signTransactionOutput, outputs[0]).signedPsbt }
    },
    ...(bitcoinFeatureOf(wallet, 'bitcoin:switchNetwork')
      ? {
          async switchNetwork(to: BitcoinChain) {
            await bitcoinFeatureOf(wallet, 'bitcoin:switchNetwork')?.switchNetwork({ chain: to.standard })
            chain = to
          },
        }
      : {}),
    onChange(listener: (change: ConnectorChange) => void) {
      const off = bitcoinFeatureOf(wallet, 'standard:events')?.on('change', ({ accounts }) => {
        if (!accounts || !chain) return
        const { model, raw } = accountsOf(accounts, chain)
        granted = raw
        listener(model.length ? { type: 'accounts', accounts: model } : { type: 'disconnect' })
      })
      return off ?? (() => undefined)
    },
  }
}
