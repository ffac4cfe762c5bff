export type ShareRole = 'device' | 'recovery'

/**
 * Additional data bound into every AES-GCM wrap of a share: a blob moved to another wallet, another
 * version (after a re-share) or another role fails to open instead of yielding a stale share.
 */
export function shareAad(role: ShareRole, walletId: string, version: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`pairwise/share/v1|${role}|${walletId}|${version}`)
}
