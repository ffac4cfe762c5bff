/** The connected-state actions, a chunk of their own: first load does not carry them. */
export const loadWalletActions = () => import('./WalletActions.js')
