export { devAccountBalanceWei, devPrivateKeys, fixtureDeployerKey } from './accounts.js'
export { anvilBinary } from './anvilBinary.js'
export {
  type AccountAbstractionContracts,
  deployAccountAbstraction,
  deterministicDeployer,
} from './deployAccountAbstraction.js'
export {
  type DeployDexOptions,
  type DexContracts,
  deployDex,
  seededEthPriceUsdc,
  testDaiToken,
} from './deployDex.js'
export {
  deployFixtures,
  type Fixtures,
  smartAccountAbi,
  smartAccountFactoryAbi,
  testNftAbi,
  testNftMintedAtDeploy,
  testUsdAbi,
  testUsdcAbi,
  testUsdcToken,
  testUsdSupply,
  testUsdToken,
} from './deployFixtures.js'
export {
  type DeployNamesOptions,
  deployNames,
  ensRegistryAbi,
  type NameContracts,
  offchainResolverAbi,
  universalResolverAbi,
} from './deployNames.js'
export {
  authAddressKey,
  type FarcasterAccount,
  farcasterIdRegistry,
  farcasterKeyRegistry,
  idRegistryAbi,
  installFarcasterRegistries,
  keyRegistryAbi,
  keyStateAdded,
  keyTypeAuthAddress,
  registerFarcasterAccount,
} from './farcasterRegistries.js'
export { defaultNameZone } from './nameZone.js'
export { localChainId, localNetwork } from './network.js'
export {
  altoEntry,
  type LocalBundler,
  listenOnHostModule,
  type StartBundlerOptions,
  spawnBundler,
  startBundler,
} from './startBundler.js'
export { type LocalChain, type StartChainOptions, startChain } from './startChain.js'
