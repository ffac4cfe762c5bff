/**
 * AppKit's prefix and key names (research §1.1), so a page moving from AppKit keeps its login state. Its
 * own module with no imports: the modal reads the login flag at start without loading the embedded wallet.
 */
export const frameCachePrefix = '@appkit-wallet/'

export const frameCacheKeys = {
  emailLoginUsed: `${frameCachePrefix}EMAIL_LOGIN_USED_KEY`,
  email: `${frameCachePrefix}EMAIL`,
  lastUsedChain: `${frameCachePrefix}LAST_USED_CHAIN_KEY`,
  lastEmailLoginTime: `${frameCachePrefix}LAST_EMAIL_LOGIN_TIME`,
  preferredAccountType: `${frameCachePrefix}PREFERRED_ACCOUNT_TYPE`,
} as const
