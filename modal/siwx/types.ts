import type { SIWXMessage, SIWXSession } from '@pairwise/engine/siwx'

export type { SIWXMessage, SIWXMessageData, SIWXSession } from '@pairwise/engine/siwx'

/** What the modal knows when it asks for a message: the account, its CAIP-2 network and an optional start. */
export type SIWXMessageInput = {
  accountAddress: string
  chainId: string
  notBefore?: string
}

/**
 * AppKit 1.7's `SIWXConfig`, member for member, so integrators' configs drop in. `addSession` and
 * `setSessions` verify before they store; `getSessions` returns only verified, unexpired sessions;
 * `revokeSession` removes exactly the one network and address pair.
 */
export interface SIWXConfig {
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>
  addSession(session: SIWXSession): Promise<void>
  revokeSession(chainId: string, address: string): Promise<void>
  setSessions(sessions: SIWXSession[]): Promise<void>
  getSessions(chainId: string, address: string): Promise<SIWXSession[]>
  /**
   * Whether a wallet must sign in to stay connected. Left out, sign-in is optional, as in AppKit; the
   * configs here define it and default it to true.
   */
  getRequired?(): boolean
  /** Whether disconnecting clears the sign-in sessions; the modal sets true when left out. */
  signOutOnDisconnect?: boolean
}
