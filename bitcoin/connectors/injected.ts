import { hex } from '@scure/base'
import * as z from 'zod/mini'
import { orderAccounts } from '../accounts.js'
import { BitcoinError } from '../errors.js'
import { type BitcoinChain, bitcoinChains } from '../networks.js'
import { type BitcoinConnector, base64Signature, type ConnectorChange, inputsByIndex } from './connector.js'

/**
 * The two wallets that put a Bitcoin object on the page instead of following a standard: Unisat
 * (`window.unisat`) and OKX (`window.okxwallet.bitcoin`). Both expose one account at a time, sign messages
 * as ECDSA or BIP-322, and sign PSBTs as hex; Unisat alone switches chains and sends by itself.
 */
export type InjectedBitcoin = {
  requestAccounts?(): Promise<unknown>
  connect?(): Promise<unknown>
  getAccounts(): Promise<unknown>
  getPublicKey(): Promise<unknown>
  signMessage(message: string, type: 'ecdsa' | 'bip322-simple'): Promise<unknown>
  signPsbt(psbtHex: string, options: unknown): Promise<unknown>
  sendBitcoin?(to: string, sats: number): Promise<unknown>
  switchChain?(chain: string): Promise<unknown>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

export const injectedKinds = ['unisat', 'okx'] as const
export type InjectedKind = (typeof injectedKinds)[number]

/** The connector id of Unisat's or OKX's page object. */
export const injectedConnectorId = (kind: InjectedKind) => `bip122:${kind}`

const addressList = z.array(z.string().check(z.minLength(14), z.maxLength(90)))
const publicKey = z.string().check(z.regex(/^(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/))
const psbtHex = z.string().check(z.regex(/^(?:[0-9a-fA-F]{2})+$/))
const txid = z.string().check(z.regex(/^[0-9a-f]{64}$/))

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = z.safeParse(schema, value)
  if (!result.success) throw new BitcoinError('WALLET_ANSWER', result.error, result.error.issues[0]?.message)
  return result.data
}

/** The wallet's object on the page, when it is there. */
export function injectedBitcoin(target: object, kind: InjectedKind): InjectedBitcoin | undefined {
  const page = target as { unisat?: unknown; okxwallet?: { bitcoin?: unknown } }
  const found = kind === 'unisat' ? page.unisat : page.okxwallet?.bitcoin
  return typeof (found as InjectedBitcoin | undefined)?.signPsbt === 'function'
    ? (found as InjectedBitcoin)
    : undefined
}

/** Unisat or OKX as a connector. */
export function injectedConnector(wallet: InjectedBitcoin, kind: InjectedKind): BitcoinConnector {
  const accounts = async (addresses: unknown) => {
    const [address] = parsed(addressList, addresses)
    if (!address) return []
    // The wallet's account is whatever script type its user chose: its purpose follows from that type.
    return orderAccounts([{ address, publicKey: parsed(publicKey, await wallet.getPublicKey()) }])
  }
  const sendBitcoin = wallet.sendBitcoin
  const switchChain = wallet.switchChain
  return {
    id: injectedConnectorId(kind),
    name: kind === 'unisat' ? 'Unisat' : 'OKX Wallet',
    async connect(_chain, silent) {
      if (silent) return accounts(await wallet.getAccounts())
      if (kind === 'okx' && wallet.connect) {
        const connected = parsed(z.object({ address: z.string() }), await wallet.connect())
        return accounts([connected.address])
      }
      return accounts(await (wallet.requestAccounts ?? wallet.getAccounts).call(wallet))
    },
    async disconnect() {},
    async signMessage({ account, message, protocol }) {
      const signature = await wallet.signMessage(message, protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple')
      return { address: account.address, signature: parsed(base64Signature, signature), protocol }
    },
    async signPsbt({ psbt, inputs }) {
      const signed = await wallet.signPsbt(hex.encode(psbt), {
        autoFinalized: false,
        toSignInputs: inputsByIndex(inputs),
      })
      return { psbt: hex.decode(parsed(psbtHex, signed)) }
    },
    ...(sendBitcoin
      ? {
          async sendTransfer({ to, sats }: { to: string; sats: bigint }) {
            return parsed(txid, await sendBitcoin.call(wallet, to, Number(sats)))
          },
        }
      : {}),
    ...(switchChain
      ? {
          async switchNetwork(chain: BitcoinChain) {
            await switchChain.call(wallet, chain.unisat)
          },
        }
      : {}),
    onChange(listener: (change: ConnectorChange) => void) {
      if (!wallet.on) return () => undefined
      const onAccounts = (addresses: unknown) => {
        void accounts(addresses).then(
          (next) => listener(next.length ? { type: 'accounts', accounts: next } : { type: 'disconnect' }),
          () => listener({ type: 'disconnect' }),
        )
      }
      const onChain = (value: unknown) => {
        const name = typeof value === 'object' && value !== null ? (value as { enum?: unknown }).enum : value
        const chain = Object.values(bitcoinChains).find((c) => c.unisat === name)
        if (chain) listener({ type: 'network', chain })
      }
      wallet.on('accountsChanged', onAccounts)
      wallet.on('chainChanged', onChain)
      return () => {
        wallet.removeListener?.('accountsChanged', onAccounts)
        wallet.removeListener?.('chainChanged', onChain)
      }
    },
  }
}
