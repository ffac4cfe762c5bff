import type { ApiModuleOptions } from './apiModuleOptions.js'

/**
 * `options` with the api's public URL as the public URL of each module that hands browsers URLs or sets
 * cookies by it (the wallet registry's icons, SIWX's cookie form, the onramp's checkout pages), where the
 * module names none of its own: behind a proxy, the URL `--public-url` names is where browsers reach them.
 */
export function withModulePublicUrls<Options extends ApiModuleOptions>(
  options: Options,
  publicUrl: string | undefined,
): Options {
  if (publicUrl === undefined) return options
  const { walletRegistry, siwx, onramp } = options
  return {
    ...options,
    walletRegistry: { ...walletRegistry, publicUrl: walletRegistry?.publicUrl ?? publicUrl },
    siwx: { ...siwx, publicUrl: siwx?.publicUrl ?? publicUrl },
    ...(onramp ? { onramp: { ...onramp, publicUrl: onramp.publicUrl ?? publicUrl } } : {}),
  }
}
