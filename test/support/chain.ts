import {
  createPublicClient,
  createTestClient,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
} from 'viem'
import {
  deployFixtures,
  type Fixtures,
  freePort,
  type LocalChain,
  localChainId,
  localNetwork,
  PortInUseError,
  startChain,
} from '../../services/index.js'

export type ChainFixture = LocalChain & {
  readonly fixtures: Fixtures
  readonly publicClient: PublicClient
  readonly testClient: TestClient<'anvil'>
  /** Takes an EVM snapshot; pass its id to `revert` to undo everything since. */
  snapshot(): Promise<Hex>
  revert(id: Hex): Promise<void>
}

/** Starts Anvil on a free loopback port with the fixture contracts deployed. Stop it when done. */
export async function startChainFixture({
  chainId = localChainId,
}: {
  chainId?: number
} = {}): Promise<ChainFixture> {
  let chain: LocalChain | undefined
  // Another run may grab the port between our probe and Anvil's bind; a fresh port settles it.
  for (let attempt = 0; !chain; attempt++) {
    try {
      chain = await startChain({ port: await freePort(), chainId })
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= 3) throw error
    }
  }
  const started = chain
  const fixtures = await deployFixtures(started.rpcUrl, chainId).catch(async (error: unknown) => {
    await started.stop()
    throw error
  })
  const network = localNetwork(started.rpcUrl, chainId)
  const transport = http(started.rpcUrl)
  const testClient = createTestClient({ chain: network, mode: 'anvil', transport })
  return {
    ...started,
    fixtures,
    publicClient: createPublicClient({ chain: network, transport, pollingInterval: 50 }),
    testClient,
    snapshot: () => testClient.snapshot(),
    async revert(id) {
      await testClient.revert({ id })
    },
  }
}
