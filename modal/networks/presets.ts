import { mainnet, sepolia } from 'viem/chains'
import { defineNetwork } from './defineNetwork.js'

/** CONST-10: the chain a host that names none starts on. */
export const defaultChainId = 1
/** CONST-12: the default test network. */
export const defaultTestNetwork = defineNetwork(sepolia)
export const ethereum = defineNetwork(mainnet)
