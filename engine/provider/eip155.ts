import { chainsOfNamespace, parseAccountId } from '../namespaces/index.js'
import type { SessionNamespace } from '../schemas/index.js'
import { eip155ChainOf, toHexChainId } from './chains.js'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'

/** What answering an eip155 request needs to know and do. */
export type Eip155Route = {
  /** The CAIP-2 chain the request is for. */
  chainId: string
  namespace: SessionNamespace
  /** Makes `chainId` the namespace's default chain. */
  switchTo(chainId: string): void
  /** Sends a request to the wallet over the session. */
  forward(method: string, params: unknown, chainId: string): Promise<unknown>
}

const answeredHere = new Set([
  'eth_chainId',
  'net_version',
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_switchEthereumChain',
])

/** Methods the session itself answers, without the wallet or an RPC node. */
export const isAnsweredLocally = (method: string): boolean => answeredHere.has(method)

/** Addresses the session grants on `chainId`. */
export function addressesOn(namespace: SessionNamespace, chainId: string): string[] {
  const addresses = namespace.accounts
    .map(parseAccountId)
    .filter((account) => account !== undefined && account.chainId === chainId)
    .map((account) => account?.address as string)
  return [...new Set(addresses)]
}

export async function answerLocally(route: Eip155Route, method: string, params: unknown[]): Promise<unknown> {
  switch (method) {
    case 'eth_chainId':
      return toHexChainId(route.chainId)
    case 'net_version':
      return route.chainId.split(':')[1] ?? ''
    case 'wallet_switchEthereumChain':
      return switchChain(route, params[0])
    default:
      return addressesOn(route.namespace, route.chainId)
  }
}

/** A chain the session has is switched to here; any other is asked of the wallet, if it may be asked. */
async function switchChain(route: Eip155Route, param: unknown): Promise<null> {
  const target = eip155ChainOf((param as { chainId?: unknown } | undefined)?.chainId)
  if (target === undefined)
    throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'wallet_switchEthereumChain needs a chainId')
  if (chainsOfNamespace(route.namespace).includes(target)) {
    route.switchTo(target)
    return null
  }
  if (!route.namespace.methods.includes('wallet_switchEthereumChain'))
    throw new ProviderRpcError(
      ProviderErrorCode.unrecognizedChain,
      `Chain ${target} is not approved in the session and the wallet does not switch chains`,
    )
  await route.forward('wallet_switchEthereumChain', [{ chainId: toHexChainId(target) }], route.chainId)
  route.switchTo(target)
  return null
}
