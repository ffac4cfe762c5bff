import type { SocialProvider } from '../../state/types.js'

/** Each provider as it names itself (brand names, the same in every language). */
export const providerNames: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}
