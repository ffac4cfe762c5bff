/**
 * The account actions' views, by feature. They route through the later views' chunk, which holds their
 * registrations: each feature's own chunk (views, texts, titles) is imported from there, so the first load
 * carries only these names.
 */
export const actionViews = {
  send: ['Send', 'Receive'],
  names: ['RegisterAccountName', 'RegisterAccountNameSuccess'],
  onramp: ['OnrampProviders', 'BuyInProgress', 'OnrampActivity'],
  swaps: ['Swap', 'SwapSelectToken', 'SwapPreview'],
} as const
