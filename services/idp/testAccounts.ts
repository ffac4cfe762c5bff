import type { SocialProviderName } from '../auth/social/providerConfig.js'

/** One person at a local provider: what its ID token or API says of them. */
export type TestAccount = {
  subject: string
  email: string | null
  emailVerified: boolean
  name: string
  /** GitHub's login, X's and Discord's username. */
  username: string
}

/**
 * The fixed people of each local provider: the first signs in unless the authorize URL's `login_hint`
 * names another. Each provider with an email flag also has one whose email is not verified.
 */
export const testAccounts: Record<SocialProviderName, readonly TestAccount[]> = {
  google: [
    {
      subject: '104000000000000000001',
      email: 'ada@gmail.test',
      emailVerified: true,
      name: 'Ada Google',
      username: 'ada',
    },
    {
      subject: '104000000000000000002',
      email: 'eve@gmail.test',
      emailVerified: false,
      name: 'Eve Google',
      username: 'eve',
    },
  ],
  apple: [
    {
      subject: '000001.apple.ada',
      email: 'ada@privaterelay.appleid.test',
      emailVerified: true,
      name: 'Ada Apple',
      username: 'ada',
    },
    {
      subject: '000002.apple.eve',
      email: 'eve@apple.test',
      emailVerified: false,
      name: 'Eve Apple',
      username: 'eve',
    },
  ],
  github: [
    {
      subject: '5001',
      email: 'ada@github.test',
      emailVerified: true,
      name: 'Ada GitHub',
      username: 'ada-gh',
    },
    {
      subject: '5002',
      email: 'eve@github.test',
      emailVerified: false,
      name: 'Eve GitHub',
      username: 'eve-gh',
    },
  ],
  facebook: [
    {
      subject: '7001',
      email: 'ada@facebook.test',
      emailVerified: false,
      name: 'Ada Facebook',
      username: 'ada',
    },
  ],
  x: [{ subject: '9001', email: null, emailVerified: false, name: 'Ada X', username: 'ada_x' }],
  discord: [
    {
      subject: '8001',
      email: 'ada@discord.test',
      emailVerified: true,
      name: 'Ada Discord',
      username: 'ada_dc',
    },
    {
      subject: '8002',
      email: 'eve@discord.test',
      emailVerified: false,
      name: 'Eve Discord',
      username: 'eve_dc',
    },
  ],
}
