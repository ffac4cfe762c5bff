import type { RegistryWallet } from './types.js'

/** Well-known wallets offered in AllWallets; integrators can replace the list with their own URL. */
export const bundledWallets: RegistryWallet[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    rdns: 'io.metamask',
    homepage: 'https://metamask.io',
    mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    homepage: 'https://trustwallet.com',
    mobile: { native: 'trust://', universal: 'https://link.trustwallet.com' },
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    homepage: 'https://www.coinbase.com/wallet',
    mobile: { native: 'cbwallet://', universal: 'https://go.cb-w.com' },
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    rdns: 'me.rainbow',
    homepage: 'https://rainbow.me',
    mobile: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
  },
  { id: 'rabby', name: 'Rabby Wallet', rdns: 'io.rabby', homepage: 'https://rabby.io' },
  {
    id: 'zerion',
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    homepage: 'https://zerion.io',
    mobile: { native: 'zerion://', universal: 'https://wallet.zerion.io' },
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    homepage: 'https://www.okx.com/web3',
    mobile: { native: 'okex://main', universal: 'https://www.okx.com/download' },
  },
  {
    id: 'uniswap',
    name: 'Uniswap Wallet',
    rdns: 'org.uniswap.app',
    homepage: 'https://wallet.uniswap.org',
    mobile: { native: 'uniswap://', universal: 'https://uniswap.org/app' },
  },
  {
    id: 'ledger',
    name: 'Ledger Live',
    homepage: 'https://www.ledger.com/ledger-live',
    mobile: { native: 'ledgerlive://', universal: 'https://ledger.com' },
  },
  {
    id: 'safe',
    name: 'Safe',
    homepage: 'https://safe.global',
    mobile: { native: 'safe://', universal: 'https://app.safe.global' },
  },
  {
    id: 'argent',
    name: 'Argent',
    homepage: 'https://www.argent.xyz',
    mobile: { native: 'argent://app/', universal: 'https://www.argent.xyz/app' },
  },
  {
    id: 'phantom',
    name: 'Phantom',
    rdns: 'app.phantom',
    homepage: 'https://phantom.com',
    mobile: { native: 'phantom://', universal: 'https://phantom.app/ul' },
  },
]
