import type { IdentifierArray, Wallet, WalletAccount } from '@wallet-standard/base'
import * as z from 'zod/mini'
import { isKeyOfAddress } from './accounts.js'
import type { PreflightCommitment } from './preflight.js'

export type { Wallet, WalletAccount }

/**
 * The Wallet Standard features the adapter uses, typed here from the standard's documents rather than
 * taken from `@solana/wallet-standard-features` (types only; it would add nothing but a dependency).
 * Every method is variadic in the standard; the adapter always passes one input.
 */
export type StandardConnect = {
  version: string
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
}
export type StandardDisconnect = { version: string; disconnect(): Promise<void> }
export type StandardEvents = {
  version: string
  on(
    event: 'change',
    listener: (properties: { accounts?: readonly WalletAccount[]; chains?: IdentifierArray }) => void,
  ): () => void
}
export type SignMessageFeature = {
  version: string
  signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly unknown[]>
}
export type SendOptions = {
  preflightCommitment?: PreflightCommitment
  skipPreflight?: boolean
  maxRetries?: number
  minContextSlot?: number
}
export type SignTransactionFeature = {
  version: string
  supportedTransactionVersions?: readonly ('legacy' | 0)[]
  signTransaction(
    ...inputs: { account: WalletAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly unknown[]>
}
export type SignAndSendTransactionFeature = {
  version: string
  supportedTransactionVersions?: readonly ('legacy' | 0)[]
  signAndSendTransaction(
    ...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string; options?: SendOptions }[]
  ): Promise<readonly unknown[]>
}
/** Sign-In With Solana's input (every field optional; the wallet fills what it knows). */
export type SolanaSignInInput = {
  domain?: string
  address?: string
  statement?: string
  uri?: string
  version?: string
  chainId?: string
  nonce?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}
export type SignInFeature = {
  version: string
  signIn(...inputs: SolanaSignInInput[]): Promise<readonly unknown[]>
}

export type SolanaFeatures = {
  'standard:connect': StandardConnect
  'standard:disconnect': StandardDisconnect
  'standard:events': StandardEvents
  'solana:signMessage': SignMessageFeature
  'solana:signTransaction': SignTransactionFeature
  'solana:signAndSendTransaction': SignAndSendTransactionFeature
  'solana:signIn': SignInFeature
}

const methodOf: { [K in keyof SolanaFeatures]: string } = {
  'standard:connect': 'connect',
  'standard:disconnect': 'disconnect',
  'standard:events': 'on',
  'solana:signMessage': 'signMessage',
  'solana:signTransaction': 'signTransaction',
  'solana:signAndSendTransaction': 'signAndSendTransaction',
  'solana:signIn': 'signIn',
}

/** The wallet's feature `name` when it has one with its method; a wallet is page script, so it is checked. */
export function featureOf<K extends keyof SolanaFeatures>(
  wallet: Wallet,
  name: K,
): SolanaFeatures[K] | undefined {
  const feature: unknown = wallet.features[name]
  if (typeof feature !== 'object' || feature === null) return undefined
  return typeof (feature as Record<string, unknown>)[methodOf[name]] === 'function'
    ? (feature as SolanaFeatures[K])
    : undefined
}

const bytes = z.instanceof(Uint8Array)
const signature = bytes.check(z.refine((b) => b.length === 64, 'an ed25519 signature is 64 bytes'))

/** What wallets answer, checked before the adapter uses it. */
export const signMessageOutput = z.object({ signedMessage: bytes, signature })
export const signTransactionOutput = z.object({ signedTransaction: bytes })
export const signAndSendOutput = z.object({ signature })
export const signInOutput = z.object({
  // The account signing in is the key its address names, as each connected account is (accounts.ts).
  account: z
    .object({ address: z.string(), publicKey: bytes })
    .check(
      z.refine(
        (account) => isKeyOfAddress(account.address, account.publicKey),
        'the public key is not the one the address names',
      ),
    ),
  signedMessage: bytes,
  signature,
})

/** The first output of a variadic call, parsed by `schema`; a wallet answering otherwise broke the standard. */
export function firstOutput<T>(outputs: readonly unknown[], schema: z.ZodMiniType<T>): T {
  const [first] = everyOutput(outputs, schema, 1)
  return first as T
}

/**
 * The first `count` outputs of a variadic call of `count` inputs, each parsed by `schema`: one missing would
 * leave its input unsigned.
 */
export function everyOutput<T>(outputs: readonly unknown[], schema: z.ZodMiniType<T>, count: number): T[] {
  const parsed = z.safeParse(
    z.array(schema),
    Array.from({ length: count }, (_, i) => outputs[i]),
  )
  if (!parsed.success)
    throw new TypeError(`The wallet answered an unexpected shape: ${parsed.error.issues[0]?.message}`)
  return parsed.data
}
