import type { CreateAppKitOptions } from '@pairwise/modal/react'

/** Email login is off: create the app with `--email` to log users in by email into an embedded wallet. */
export const emailOptions: Pick<CreateAppKitOptions, 'embeddedWallet' | 'features'> = {
  features: { email: false, socials: false },
}
