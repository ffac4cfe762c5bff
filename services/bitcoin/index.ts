export { bitcoinLimits } from './limits.js'
export { REGTEST, REGTEST_CAIP_NETWORK_ID, REGTEST_GENESIS_HASH } from './regtest.js'
export {
  DEFAULT_MINE_EVERY_MS,
  type LocalBitcoin,
  type StartBitcoinOptions,
  startBitcoinChain,
} from './startBitcoinChain.js'
