/**
 * Every feature a remote project configuration controls (spec §6), turned off. The api starts new projects
 * and basic mode with it, and the modal applies it in basic mode (ROLE-11): one record, so a feature added
 * to the configuration is off on both sides until something turns it on.
 */
export const featuresOff = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
  multiWallet: false,
} as const
