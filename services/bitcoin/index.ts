export { bitcoinLimits } from './limits.js'
export { REGTEST, REGTEST_CAIP_NETWORK_ID, REGTEST_GENESIS_HASH } from './regtest.js'
export { type LocalBitcoin, type StartBitcoinOptions, startBitcoinChain } from './startBitcoinChain.js'
