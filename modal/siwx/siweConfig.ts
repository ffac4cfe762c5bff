import type { SIWXSession } from './types.js'

/** AppKit's SIWE session: the one account and EVM chain signed in. */
export type SIWESession = { address: string; chainId: number }

/** What AppKit hands a SIWE config's `createMessage`. `address` is `did:pkh:<CAIP-2>:<address>`, as AppKit 1.7 passes it. */
export type SIWECreateMessageArgs = {
  chainId: number
  domain: string
  nonce: string
  uri: string
  address: string
  version: '1'
  /** The CACAO header's type, as AppKit's (`CacaoHeader['t']`). */
  type?: 'caip122'
  nbf?: string
  exp?: string
  statement?: string
  requestId?: string
  resources?: string[]
  expiry?: number
  iat?: string
}

/** A SIWE config's message parameters, from its `getMessageParams`. */
export type SIWEMessageArgs = { chains?: number[]; methods?: string[] } & Partial<
  Omit<SIWECreateMessageArgs, 'address' | 'chainId' | 'nonce' | 'version'>
>

export type SIWEVerifyMessageArgs = { message: string; signature: string; cacao?: SIWXSession['cacao'] }

/** AppKit 1.x's `siweConfig` (what `createSIWEConfig` returns), member for member. */
export type SIWEConfig = {
  getNonce(address?: string): Promise<string>
  getMessageParams?(): Promise<SIWEMessageArgs>
  createMessage(args: SIWECreateMessageArgs): string
  verifyMessage(args: SIWEVerifyMessageArgs): Promise<boolean>
  getSession(): Promise<SIWESession | null>
  signOut(): Promise<boolean>
  onSignIn?(session?: SIWESession): void | Promise<void>
  onSignOut?(): void
  /** Default true. */
  required?: boolean
  /** Default true. */
  enabled?: boolean
  nonceRefetchIntervalMs?: number
  sessionRefetchIntervalMs?: number
  /** Default true. */
  signOutOnDisconnect?: boolean
  /** Default true: a session for another account does not count. */
  signOutOnAccountChange?: boolean
  /** Default true: a session for another network does not count. */
  signOutOnNetworkChange?: boolean
}
