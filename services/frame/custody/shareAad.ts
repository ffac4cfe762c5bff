export type ShareRole = 'device' | 'recovery'

/** The AES-GCM nonce of every share wrap: 96 bits, random per wrap. */
export const IV_BYTES = 12

/**
 * Additional data bound into every AES-GCM wrap of a share: a blob moved to another wallet, another
 * version (after a re-share) or another role fails to open instead of yielding a stale share.
 */
export function shareAad(role: ShareRole, walletId: string, version: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`pairwise/share/v1|${role}|${walletId}|${version}`)
}
