import { emailLogin } from '@pairwise/modal/email'
import type { CreateAppKitOptions } from '@pairwise/modal/react'
import { authUrl } from './stack'

/**
 * Email login: users get a wallet kept by the auth service's secure frame. The project must have email on
 * and allow this app's origin (`npx pairwise project set <id> --email on --origins …`).
 */
export const emailOptions: Pick<CreateAppKitOptions, 'embeddedWallet' | 'features'> = {
  embeddedWallet: emailLogin({ authUrl }),
  features: { email: true, socials: false },
}
