import * as z from 'zod/mini'
import type { Reporter } from '../core/report.js'
import { imageServedBy, safeUrl, type UrlUse } from '../core/safeUrl.js'
import { admissionRefusal } from '../core/walletAdmission.js'
import { bundledWallets } from './bundled.js'
import { type RegistryWallet, registryWalletSchema } from './types.js'

/** Most wallets kept from a registry: the api's own cap (services/api/wallets/registryFile.ts). */
export const MAX_REGISTRY_WALLETS = 1000

/**
 * Largest registry answer read: four times the api's largest file (1 MiB), whose icon names grow into URLs.
 * Read whole, a registry host could make the page hold whatever it sends.
 */
export const MAX_REGISTRY_BYTES = 4 * 1024 * 1024

/**
 * The integrator's registry when they configured one, else the bundled list. Fetched in the background:
 * callers show the bundled list at once and swap when this resolves; a failed fetch, or one with no usable
 * wallet, keeps it. A malformed entry is left out, and so is each unsafe URL of a usable one; so is an entry
 * whose name may not be shown, or whose id an earlier entry has (the view finds the wallet to open by id, so
 * the second of an id would open the first's link). At most MAX_REGISTRY_WALLETS are kept. `report` hears of
 * each.
 */
export async function loadRegistry(
  url: string | undefined,
  fetcher: typeof fetch = fetch,
  report?: Reporter,
): Promise<RegistryWallet[]> {
  if (!url) return bundledWallets
  try {
    const response = await fetcher(url)
    if (!response.ok) return bundledWallets
    const text = await boundedText(response, MAX_REGISTRY_BYTES)
    if (text === undefined) {
      report?.('kept the bundled wallets', { url, reason: `larger than ${MAX_REGISTRY_BYTES} bytes` })
      return bundledWallets
    }
    const entries = z.array(z.unknown()).safeParse(JSON.parse(text))
    if (!entries.success) return bundledWallets
    const wallets: RegistryWallet[] = []
    const kept = new Set<string>()
    for (const entry of entries.data) {
      if (kept.size === MAX_REGISTRY_WALLETS) {
        report?.('left out the rest of a registry', {
          url,
          reason: `more than ${MAX_REGISTRY_WALLETS} wallets`,
        })
        break
      }
      const parsed = registryWalletSchema.safeParse(entry)
      if (!parsed.success) {
        report?.('left out a malformed registry wallet', {
          field: parsed.error.issues[0]?.path.join('.') ?? '',
          url,
          reason: parsed.error.issues[0]?.message ?? 'invalid',
        })
        continue
      }
      const refusal = admissionRefusal(parsed.data, kept, MAX_REGISTRY_WALLETS)
      if (refusal !== undefined) {
        report?.('left out a registry wallet', { id: parsed.data.id, url, reason: refusal })
        continue
      }
      kept.add(parsed.data.id)
      wallets.push(withSafeUrls(parsed.data, report, url))
    }
    return wallets.length === 0 && entries.data.length > 0 ? bundledWallets : wallets
  } catch {
    return bundledWallets
  }
}

/** The body as text, or undefined (and the rest left unread) once it passes `maxBytes`. */
async function boundedText(response: Response, maxBytes: number): Promise<string | undefined> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    text += decoder.decode(read.value, { stream: true })
  }
  return text + decoder.decode()
}

/**
 * `wallet` without the URLs that may not become links or images. Icons the registry serves itself (from
 * `registryUrl`'s origin, such as the api's `/v1/wallets/icons/…`) are kept over `http:` too.
 */
export function withSafeUrls(
  wallet: RegistryWallet,
  report?: Reporter,
  registryUrl?: string,
): RegistryWallet {
  const { homepage, imageUrl, mobile, ...rest } = wallet
  const check = (value: string | undefined, use: UrlUse, name: string) =>
    safeUrl(value, use, `${wallet.id}.${name}`, report)
  const links = {
    homepage: check(homepage, 'link', 'homepage'),
    imageUrl:
      imageUrl !== undefined && imageServedBy(imageUrl, registryUrl)
        ? imageUrl
        : check(imageUrl, 'image', 'imageUrl'),
  }
  const phone = {
    native: check(mobile?.native, 'appLink', 'mobile.native'),
    universal: check(mobile?.universal, 'link', 'mobile.universal'),
  }
  return {
    ...rest,
    ...defined(links),
    ...(phone.native || phone.universal ? { mobile: defined(phone) } : {}),
  }
}

/** The entries whose value is set (optional properties here are absent, never undefined). */
function defined<T extends Record<string, string | undefined>>(entries: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: string
  }
}
