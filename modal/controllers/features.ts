import { featuresOff } from '@pairwise/common'
import { socialProviderSchema } from '../api/projectConfig.js'
import type { AppState, ConnectorInfo, Features, SocialProvider } from '../state/types.js'
import { type ConnectMethod, connectMethodsOrder } from './connectMethods.js'
import type { ResolvedOptions } from './options.js'

/** The social logins offered when the app turns socials on without naming them (AppKit 1.7's list). */
export const defaultSocials: SocialProvider[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
]

/** ROLE-11: a project in basic mode has every remote feature off. */
export const basicFeatures: Features = featuresOff

type LocalFeatures = ResolvedOptions['features']

/**
 * The features from the app's own `features` option, used until a remote configuration arrives and when
 * none can be fetched. AppKit's defaults: everything on; `history` is the local name of `activity`. The
 * modal already keeps several wallets per namespace (CONN-06), so multiWallet is on unless a project turns
 * it off; our mark has no local switch, as AppKit's has none.
 */
export function localFeatures(local: LocalFeatures): Features {
  return {
    email: local?.email ?? true,
    socials: local?.socials === undefined ? defaultSocials : knownSocials(local.socials),
    swaps: local?.swaps ?? true,
    onramp: local?.onramp ?? true,
    activity: local?.history ?? true,
    reownBranding: true,
    multiWallet: true,
  }
}

// The local option takes any names (AppKit's does); only the providers the modal knows can be offered.
function knownSocials(socials: false | string[]): false | SocialProvider[] {
  if (socials === false) return false
  return socials.filter((name): name is SocialProvider => socialProviderSchema.safeParse(name).success)
}

/** The local feature options a remote configuration overrides: local name → feature. */
const remotelyControlled = {
  email: 'email',
  socials: 'socials',
  swaps: 'swaps',
  onramp: 'onramp',
  history: 'activity',
} as const

const sameSetting = (a: Features[keyof Features], b: Features[keyof Features]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x) => b.includes(x)) : a === b

/**
 * ROLE-10: the local settings the app made that a fetched remote configuration overrides with another
 * value; a local setting the project agrees with is not ignored in effect, so it is not named.
 */
export function ignoredLocalFeatures(local: LocalFeatures, remote: Features): string[] {
  const own = localFeatures(local)
  return Object.entries(remotelyControlled)
    .filter(
      ([key, feature]) =>
        local?.[key as keyof typeof remotelyControlled] !== undefined &&
        !sameSetting(own[feature], remote[feature]),
    )
    .map(([key]) => `features.${key}`)
}

/** ROLE-05: the ways to connect offered, in order, without email or social logins when they are off. */
export function offeredConnectMethods(
  state: Pick<AppState, 'features'>,
  connectors: readonly ConnectorInfo[],
  configured?: readonly ConnectMethod[],
): ConnectMethod[] {
  const { email, socials } = state.features
  return connectMethodsOrder(connectors, configured).filter(
    (method) =>
      (method !== 'email' || email) && (method !== 'social' || (socials !== false && socials.length > 0)),
  )
}

/** ROLE-05: the social logins offered; none when socials are off. */
export function offeredSocials(state: Pick<AppState, 'features'>): SocialProvider[] {
  return state.features.socials || []
}

/** ROLE-06: whether Account offers Swap. */
export function swapsEnabled(state: Pick<AppState, 'features'>): boolean {
  return state.features.swaps
}

/** ROLE-06: whether Account offers Buy (onramp). */
export function onrampEnabled(state: Pick<AppState, 'features'>): boolean {
  return state.features.onramp
}

/** ROLE-07: whether Account shows the Activity tab. */
export function activityEnabled(state: Pick<AppState, 'features'>): boolean {
  return state.features.activity
}

/** ROLE-08: whether the modal shows our mark in its footer. */
export function brandingShown(state: Pick<AppState, 'features'>): boolean {
  return state.features.reownBranding
}

/** ROLE-09: whether a second wallet may be added (or switched to) beside a connected one. */
export function multiWalletEnabled(state: Pick<AppState, 'features'>): boolean {
  return state.features.multiWallet
}
