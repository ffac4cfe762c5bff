/**
 * The deep-link schemes (`metamask://…`) a wallet registry may name, shared by the modal, which opens them,
 * and the api, which serves a registry. The list is closed: an unknown scheme is handed to whatever program
 * registered it (Windows' `ms-msdt:` and `search-ms:` handlers were exploited through plain links), so no list
 * of forbidden schemes is ever complete; a wallet whose scheme is not here is opened by its universal link.
 */
export const appLinkSchemes: readonly string[] = [
  'argent',
  'cbwallet',
  'ledgerlive',
  'metamask',
  'okex',
  'phantom',
  'rainbow',
  'safe',
  'trust',
  'uniswap',
  'zerion',
]
