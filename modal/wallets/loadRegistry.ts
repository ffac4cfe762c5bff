import * as z from 'zod/mini'
import type { Reporter } from '../core/report.js'
import { imageServedBy, safeUrl, type UrlUse } from '../core/safeUrl.js'
import { bundledWallets } from './bundled.js'
import { type RegistryWallet, registryWalletSchema } from './types.js'

/**
 * The integrator's registry when they configured one, else the bundled list. Fetched in the background:
 * callers show the bundled list at once and swap when this resolves; a failed fetch, or one with no usable
 * wallet, keeps it. A malformed entry is left out, and so is each unsafe URL of a usable one (`report` hears
 * of both).
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
    const entries = z.array(z.unknown()).safeParse(await response.json())
    if (!entries.success) return bundledWallets
    const wallets = entries.data.flatMap((entry) => {
      const parsed = registryWalletSchema.safeParse(entry)
      if (parsed.success) return [withSafeUrls(parsed.data, report, url)]
      report?.('left out a malformed registry wallet', {
        field: parsed.error.issues[0]?.path.join('.') ?? '',
        url,
        reason: parsed.error.issues[0]?.message ?? 'invalid',
      })
      return []
    })
    return wallets.length === 0 && entries.data.length > 0 ? bundledWallets : wallets
  } catch {
    return bundledWallets
  }
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
