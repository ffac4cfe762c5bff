import type { CaipNetwork } from './types.js'

/**
 * CONST-27: the chains a hosted RPC serves. The spec gives only "about 37 entries across eip155,
 * solana, near and bip122"; this is the list AppKit 1.7.13 carries (38 entries: 31 eip155, 4 solana,
 * 1 near, 2 bip122). Unlike AppKit, which sends them to its vendor's endpoint whenever a project id is
 * set, the modal reads them through a hosted RPC only when the app names one (`hostedRpcUrl`, e.g. the
 * RPC proxy of a self-hosted api service): it calls no host the integrator did not configure.
 */
export const hostedRpcChains: ReadonlySet<string> = new Set([
  // eip155 mainnets
  'eip155:1',
  'eip155:10',
  'eip155:56',
  'eip155:100',
  'eip155:137',
  'eip155:324',
  'eip155:1101',
  'eip155:1329',
  'eip155:5000',
  'eip155:8217',
  'eip155:8453',
  'eip155:42161',
  'eip155:42220',
  'eip155:43114',
  'eip155:59144',
  'eip155:7777777',
  'eip155:1313161554',
  // eip155 test networks
  'eip155:97',
  'eip155:300',
  'eip155:1301',
  'eip155:5003',
  'eip155:17000',
  'eip155:43113',
  'eip155:80002',
  'eip155:80084',
  'eip155:84532',
  'eip155:421614',
  'eip155:11155111',
  'eip155:11155420',
  'eip155:999999999',
  'eip155:1313161555',
  // solana mainnet, devnet, testnet and the older testnet id
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'solana:4sgjmw1sunhzsxgspuhpqldx6wiyjntz',
  'near:mainnet',
  // bitcoin mainnet and testnet
  'bip122:000000000019d6689c085ae165831e93',
  'bip122:000000000933ea01ad0ee984209779ba',
])

/** CALL-02: the hosted RPC address for one chain of one project, on the hosted RPC at `base`. */
export function hostedRpcUrl(caipNetworkId: string, projectId: string, base: string): string {
  const url = new URL(base)
  url.searchParams.set('chainId', caipNetworkId)
  url.searchParams.set('projectId', projectId)
  return url.toString()
}

/** Where an app reads listed chains: its project id and the hosted RPC it configured, if any. */
export type HostedRpc = { projectId?: string | undefined; hostedBase?: string | undefined }

/**
 * The RPC a network is read through: the configured hosted RPC when the app has one and a project id and
 * the chain is on the list, else the network's own first RPC URL (undefined when it has none).
 */
export function rpcUrlFor(
  network: CaipNetwork,
  { projectId, hostedBase }: HostedRpc = {},
): string | undefined {
  if (projectId && hostedBase && hostedRpcChains.has(network.caipNetworkId))
    return hostedRpcUrl(network.caipNetworkId, projectId, hostedBase)
  return network.rpcUrls.default.http[0]
}
