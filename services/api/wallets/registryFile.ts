import { statSync } from 'node:fs'
import { join } from 'node:path'
import { appLinkSchemes, walletNameRefusal } from '@pairwise/common'
import { z } from 'zod'
import { zodIssue } from '../../kit/index.js'

/** Icon file names: no separators, no dots but the extension's, so no name can leave the icons folder. */
export const ICON_FILE = /^[a-z0-9-]+\.(svg|png|webp)$/
/** Largest icon served: a wallet logo, not a photo. */
export const MAX_ICON_BYTES = 256 * 1024
/** Most wallets a registry file may list (AppKit's whole explorer page is smaller). */
export const MAX_REGISTRY_WALLETS = 1000
/** Largest registry file read. */
export const MAX_REGISTRY_FILE_BYTES = 1024 * 1024

const MAX_TEXT = 128
const MAX_URL = 2048

/**
 * An https: URL without credentials, as the modal takes one (modal/core/safeUrl.ts): it refuses control
 * characters and surrounding spaces, which the URL parser would silently drop.
 */
function isHttpsUrl(value: string): boolean {
  if (/\p{Cc}/u.test(value) || value.trim() !== value) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}

const httpsUrl = z
  .string()
  .max(MAX_URL)
  .refine(isHttpsUrl, 'must be an https: URL without credentials, control characters or surrounding spaces')

/**
 * A deep link the modal opens (modal/core/safeUrl.ts): an https: URL, or a listed wallet scheme, `//`, then no
 * space or control character.
 */
function isAppLink(value: string): boolean {
  const scheme = /^([a-z0-9+.-]+):\/\/[^\s\p{Cc}]*$/u.exec(value)?.[1]
  return scheme === 'https' ? isHttpsUrl(value) : scheme !== undefined && appLinkSchemes.includes(scheme)
}

const deepLink = z
  .string()
  .max(MAX_URL)
  .refine(
    isAppLink,
    `must be https: or a deep link of a wallet app scheme (${appLinkSchemes.join(', ')}); give any other wallet its universal link`,
  )

/** The modal's rule for a name it shows, so the api serves no wallet the modal would leave out. */
const walletName = z.string().superRefine((name, context) => {
  const refusal = walletNameRefusal(name)
  if (refusal !== undefined) context.addIssue({ code: 'custom', message: `must not be ${refusal}` })
})

const registryWalletEntry = z
  .strictObject({
    id: z.string().min(1).max(MAX_TEXT),
    name: walletName,
    rdns: z.string().min(1).max(MAX_TEXT).optional(),
    homepage: httpsUrl.optional(),
    /** A file in the icons folder, served by this api. */
    icon: z
      .string()
      .regex(ICON_FILE, 'must be a file name like wallet.svg (a-z, 0-9, -; svg, png or webp)')
      .optional(),
    /** An icon hosted elsewhere, when the operator prefers; not with `icon`. */
    imageUrl: httpsUrl.optional(),
    mobile: z.strictObject({ native: deepLink.optional(), universal: httpsUrl.optional() }).optional(),
  })
  .refine((wallet) => !(wallet.icon && wallet.imageUrl), 'give icon or imageUrl, not both')

export type RegistryFileWallet = z.infer<typeof registryWalletEntry>

const registryFileSchema = z.strictObject({
  wallets: z
    .array(registryWalletEntry)
    .max(MAX_REGISTRY_WALLETS)
    .refine(
      (wallets) => new Set(wallets.map((w) => w.id)).size === wallets.length,
      'wallet ids must be unique',
    ),
})

function iconProblem(iconsDir: string, file: string): string | undefined {
  try {
    const found = statSync(join(iconsDir, file))
    if (!found.isFile()) return 'is not a file'
    return found.size > MAX_ICON_BYTES ? `is larger than ${MAX_ICON_BYTES} bytes` : undefined
  } catch {
    return 'is missing'
  }
}

/**
 * The operator's registry file, `{ "wallets": [...] }`, checked entry by entry (unknown fields refused so a
 * misspelt one is noticed) and each named icon present in `iconsDir`. Throws an Error naming the first problem.
 */
export function parseRegistryFile(iconsDir: string): (json: unknown) => RegistryFileWallet[] {
  return (json) => {
    const parsed = registryFileSchema.safeParse(json)
    if (!parsed.success) {
      throw new Error(zodIssue(parsed.error, 'file'))
    }
    for (const [index, wallet] of parsed.data.wallets.entries()) {
      const problem = wallet.icon === undefined ? undefined : iconProblem(iconsDir, wallet.icon)
      if (problem) throw new Error(`wallets.${index}.icon: ${wallet.icon} ${problem} in ${iconsDir}`)
    }
    return parsed.data.wallets
  }
}
