import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { address, createSolanaRpc } from '@solana/kit'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AdapterContext } from '../../modal/adapters/types.js'
import {
  DEVNET_GENESIS_HASH,
  type LocalSolana,
  solanaTestKey,
  startSolanaChain,
} from '../../services/solana/index.js'
import { defineSolanaNetwork, SolanaAdapter, solanaDevnet } from '../../solana/index.js'
import { unreachableRpcUrl } from '../modal/support/kit.js'
import { freePortRuns } from '../support/ports.js'

let devnet: LocalSolana
let hosted: Server
let hostedBase: string
/** The paths (with their query) the hosted RPC was asked on. */
const hostedCalls: string[] = []

beforeAll(async () => {
  const [port] = (await freePortRuns([2])) as [number]
  devnet = await startSolanaChain({ host: '127.0.0.1', port, genesisHash: DEVNET_GENESIS_HASH })
  // A hosted RPC as the api's proxy is one: it forwards each body to the cluster and answers what it answers.
  hosted = createServer(async (request, response) => {
    hostedCalls.push(request.url ?? '')
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const answer = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    })
    response.writeHead(200, { 'content-type': 'application/json' }).end(await answer.text())
  })
  await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve))
  hostedBase = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}/v1`
})

afterAll(async () => {
  hosted?.close()
  await devnet?.close()
})

/** A Solana adapter set up for devnet (the preset, or one on `rpcUrl`), the app naming `hostedRpcUrl` or not. */
function devnetAdapter(rpcUrl: string | undefined, hostedRpcUrl?: string) {
  const network = rpcUrl
    ? defineSolanaNetwork({ genesisHash: DEVNET_GENESIS_HASH, name: 'Solana Devnet', rpcUrl })
    : solanaDevnet
  const adapter = new SolanaAdapter()
  const context: AdapterContext = {
    networks: [network],
    target: undefined,
    emit: () => undefined,
    enableInjected: false,
    enableEIP6963: false,
    projectId: 'p1',
    hostedRpcUrl,
  }
  adapter.setup(context)
  return { adapter, network }
}

describe('Solana adapter: where a network is read', () => {
  const holder = solanaTestKey(1).address

  it.each([
    ['the devnet preset (no RPC of its own)', false],
    ['a devnet network on an RPC of its own', true],
  ])('reads %s through the hosted RPC the app configured, never the network’s own URL', async (_, ownRpc) => {
    hostedCalls.length = 0
    const { adapter, network } = devnetAdapter(ownRpc ? await unreachableRpcUrl() : undefined, hostedBase)
    const { value } = await createSolanaRpc(devnet.rpcUrl).getBalance(address(holder)).send()
    expect(value).toBeGreaterThan(0n)
    expect(await adapter.getBalance({ address: holder, network })).toEqual({
      balance: formatUnits(value, 9),
      symbol: 'SOL',
    })
    expect(hostedCalls).toEqual([`/v1?chainId=${encodeURIComponent(network.caipNetworkId)}&projectId=p1`])
  })

  it('reads through the network’s own URL when the app named no hosted RPC', async () => {
    hostedCalls.length = 0
    const { adapter, network } = devnetAdapter(devnet.rpcUrl)
    expect((await adapter.getBalance({ address: holder, network })).symbol).toBe('SOL')
    expect(hostedCalls).toEqual([])
  })
})
