import { join } from 'node:path'
import type { Frame, Page } from '@playwright/test'
import { ShareVault } from '../../../../services/auth/shareVault.js'
import { authKek } from '../../../../services/stack/authKey.js'
import { EMBEDDED_PROJECT_ID } from '../../../../services/stack/demoProject.js'
import type { DemoStack } from './frameStack.js'

/** What the frame keeps in its IndexedDB (services/frame/custody DeviceVault), with the device share unwrapped. */
export type FrameVault = { sessionToken: string; walletId: string; version: number; deviceShare: number[] }

/** The secure frame's document inside `page`. */
export function secureFrame(page: Page, authUrl: string): Frame {
  const frame = page.frames().find((each) => each.url().startsWith(`${authUrl}/frame`))
  if (!frame) throw new Error('the page holds no secure frame')
  return frame
}

/**
 * Reads the frame's vault from inside the frame (Playwright may run script in any frame; a host page
 * may not): the embedded project's session token (kept per project, services/frame/app/projectStorage.ts)
 * and the device share, unwrapped with the stored non-extractable key.
 */
export function readFrameVault(frame: Frame): Promise<FrameVault> {
  return frame.evaluate(
    (sessionKey) =>
      new Promise<FrameVault>((resolve, reject) => {
        const opened = indexedDB.open('pairwise-frame')
        opened.onerror = () => reject(opened.error)
        opened.onsuccess = () => {
          const store = opened.result.transaction('vault').objectStore('vault')
          const read = (key: string) =>
            new Promise<unknown>((done, fail) => {
              const request = store.get(key)
              request.onsuccess = () => done(request.result)
              request.onerror = () => fail(request.error)
            })
          void Promise.all([read(sessionKey), read('device-share'), read('wrap-key')])
            .then(async ([session, share, key]) => {
              const { token } = session as { token: string }
              const { walletId, version, iv, ciphertext } = share as {
                walletId: string
                version: number
                iv: Uint8Array<ArrayBuffer>
                ciphertext: Uint8Array<ArrayBuffer>
              }
              const additionalData = new TextEncoder().encode(
                `pairwise/share/v1|device|${walletId}|${version}`,
              )
              const plain = await crypto.subtle.decrypt(
                { name: 'AES-GCM', iv, additionalData },
                key as CryptoKey,
                ciphertext,
              )
              resolve({ sessionToken: token, walletId, version, deviceShare: [...new Uint8Array(plain)] })
            })
            .catch(reject)
        }
      }),
    `session/${EMBEDDED_PROJECT_ID}`,
  )
}

type WalletRow = { wallet_id: string; version: number; share_iv: string; share_ct: string; recovery: string }

/** The stack's vault of auth shares, under the KEK `npm start` keeps in its data dir (or the env's). */
const shareVaultOf = (stack: DemoStack) =>
  new ShareVault(authKek(process.env, join(stack.dataDir, 'auth.kek')))

async function walletRow(stack: DemoStack, walletId: string): Promise<WalletRow> {
  const row = await stack.api.db.get<WalletRow>('SELECT * FROM auth_wallets WHERE wallet_id = ?', [walletId])
  if (!row) throw new Error(`no stored wallet ${walletId}`)
  return row
}

/** The stored auth share, opened, and its row as stored (ciphertext and recovery blob). */
export async function readAuthShare(
  stack: DemoStack,
  walletId: string,
): Promise<{ share: Uint8Array; row: WalletRow }> {
  const row = await walletRow(stack, walletId)
  const share = shareVaultOf(stack).open(walletId, Number(row.version), {
    iv: row.share_iv,
    ct: row.share_ct,
  })
  return { share, row }
}

/**
 * Replaces the stored auth share with `change(share)`, sealed under the stack's KEK exactly as the
 * service seals it, so the server releases it as a valid share. Answers a function putting the
 * original row back.
 */
export async function replaceAuthShare(
  stack: DemoStack,
  walletId: string,
  change: (share: Uint8Array) => Uint8Array,
): Promise<() => Promise<void>> {
  const { share, row } = await readAuthShare(stack, walletId)
  const sealed = shareVaultOf(stack).seal(walletId, Number(row.version), change(share))
  const write = (iv: string, ct: string) =>
    stack.api.db.run('UPDATE auth_wallets SET share_iv = ?, share_ct = ? WHERE wallet_id = ?', [
      iv,
      ct,
      walletId,
    ])
  await write(sealed.iv, sealed.ct)
  return async () => {
    await write(row.share_iv, row.share_ct)
  }
}
