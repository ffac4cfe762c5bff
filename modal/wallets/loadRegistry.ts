import { bundledWallets } from './bundled.js'
import { type RegistryWallet, registrySchema } from './types.js'

/**
 * The integrator's registry when they configured one, else the bundled list. Fetched in the background:
 * callers show the bundled list at once and swap when this resolves; a failed or invalid fetch keeps it.
 */
export async function loadRegistry(
  url: string | undefined,
  fetcher: typeof fetch = fetch,
): Promise<RegistryWallet[]> {
  if (!url) return bundledWallets
  try {
    const response = await fetcher(url)
    if (!response.ok) return bundledWallets
    const parsed = registrySchema.safeParse(await response.json())
    return parsed.success ? parsed.data : bundledWallets
  } catch {
    return bundledWallets
  }
}
