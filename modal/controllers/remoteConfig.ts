import { type ApiClient, ApiError } from '../api/client.js'
import { fetchAllowedOrigins, fetchProjectConfig, type ProjectConfig } from '../api/projectConfig.js'
import { isOriginAllowed } from '../core/originCheck.js'
import type { Features } from '../state/types.js'
import { showAlert } from './alerts.js'
import type { ModalContext } from './context.js'
import { basicFeatures, ignoredLocalFeatures, offeredSocials } from './features.js'

/** The features a fetched project configuration puts in effect; basic mode turns all of them off (ROLE-11). */
export function remoteFeatures(config: ProjectConfig): Features {
  return config.basic ? basicFeatures : config.features
}

export type RemoteConfigEnvironment = {
  /** The api for the app's project; undefined when the app configured no `apiUrl` (nothing is fetched). */
  api: ApiClient | undefined
  /** The page's origin, checked against the project's allowed origins; undefined off a page. */
  origin?: string
}

/**
 * Fetches the project configuration and puts its features in effect over the local ones (ROLE-10), with a
 * warning naming the local settings ignored. On failure the local features stay and the failure's alert
 * shows (ERR-14, ERR-15, ERR-17, ERR-21, ERR-22). When email or social logins end up on, the page's origin
 * is checked against the project's allowed origins (ERR-14). Callers start it after the first paint; nothing
 * the modal shows waits on it.
 */
export async function loadRemoteConfig(ctx: ModalContext, env: RemoteConfigEnvironment): Promise<void> {
  if (!ctx.options.apiUrl) return
  if (!ctx.options.projectId) {
    showAlert(ctx, 'error', { key: 'alert.projectIdNotConfigured' })
    return
  }
  if (!env.api) return
  try {
    const features = remoteFeatures(await fetchProjectConfig(env.api))
    ctx.store.set({ features })
    const ignored = ignoredLocalFeatures(ctx.options.features, features)
    if (ignored.length > 0)
      showAlert(ctx, 'warning', { key: 'alert.remoteFeatures', params: { names: ignored.join(', ') } })
    if (env.origin !== undefined && (features.email || offeredSocials({ features }).length > 0))
      await checkOrigin(ctx, env.api, env.origin)
  } catch (error) {
    showApiFailure(ctx, error)
  }
}

async function checkOrigin(ctx: ModalContext, api: ApiClient, origin: string): Promise<void> {
  const allowed = await fetchAllowedOrigins(api)
  if (!isOriginAllowed(origin, allowed)) showAlert(ctx, 'error', { key: 'alert.INVALID_APP_CONFIGURATION' })
}

/** The §8 alert for a failed api read: the mapped server text's alert, else Server Error. */
export function showApiFailure(ctx: ModalContext, error: unknown): void {
  showAlert(ctx, 'error', { key: `alert.${error instanceof ApiError ? error.failure : 'SERVER_ERROR'}` })
}
