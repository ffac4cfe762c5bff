export { DEVNET_GENESIS_HASH, LOCALNET_GENESIS_HASH } from './genesis.js'
export { solanaLimits } from './limits.js'
export { type LocalSolana, type StartSolanaOptions, startSolanaChain } from './startSolanaChain.js'
export { type SolanaTestKey, solanaTestKey, TEST_MNEMONIC } from './testKeys.js'
