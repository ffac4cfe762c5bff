/** Every route of the auth service, under `/auth/v1`; the frame's client and the server both read them here. */
export const authPaths = {
  emailStart: '/auth/v1/email/start',
  emailVerify: '/auth/v1/email/verify',
  deviceWait: '/auth/v1/device/wait',
  deviceApprove: '/auth/v1/device/approve',
  session: '/auth/v1/session',
  signOut: '/auth/v1/sign-out',
  wallet: '/auth/v1/wallet',
  walletShare: '/auth/v1/wallet/share',
  walletRecovery: '/auth/v1/wallet/recovery',
  walletRecoveryEvaluate: '/auth/v1/wallet/recovery/evaluate',
  reauthStart: '/auth/v1/reauth/start',
  reauthVerify: '/auth/v1/reauth/verify',
  emailChange: '/auth/v1/email/change',
  emailChangePrimary: '/auth/v1/email/change/primary',
  emailChangeSecondary: '/auth/v1/email/change/secondary',
  socialStart: '/auth/v1/social/start',
  /** Followed by `/<provider>`: where each provider sends the browser back. */
  socialCallback: '/auth/v1/social/callback',
  socialRedeem: '/auth/v1/social/redeem',
  farcasterStart: '/auth/v1/farcaster/start',
  farcasterConnect: '/auth/v1/farcaster/connect',
} as const
