import { formatRequest, payloadId } from '../jsonrpc/index.js'
import { chainsOfNamespace, parseAccountId } from '../namespaces/index.js'
import type { SessionNamespace } from '../schemas/index.js'
import { eip155ChainOf, toHexChainId } from './chains.js'
import { ProviderErrorCode, ProviderErrorMessage, ProviderRpcError } from './errors.js'
import type { UserOperationReceiptLookup } from './types.js'

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

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const startsWith0x = (value: unknown): boolean => typeof value === 'string' && value.startsWith('0x')

/**
 * Checks the EIP-5792 wallet calls before the wallet sees them: every `wallet_sendCalls` call names a
 * 0x target and, when it carries data, 0x data (a plain transfer has none); `wallet_getCapabilities` names
 * the address it asks about. Throws invalid params (-32602) otherwise.
 */
export function assertEip155Params(method: string, params: unknown[]): void {
  if (method === 'wallet_sendCalls') {
    const calls = (params[0] as { calls?: unknown } | undefined)?.calls
    if (!Array.isArray(calls))
      throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'wallet_sendCalls needs a list of calls')
    calls.forEach((call: { to?: unknown; data?: unknown } | null | undefined, index) => {
      if (!startsWith0x(call?.to))
        throw new ProviderRpcError(
          ProviderErrorCode.invalidParams,
          `wallet_sendCalls call ${index}: the target must start with 0x`,
        )
      if (call?.data !== undefined && !startsWith0x(call.data))
        throw new ProviderRpcError(
          ProviderErrorCode.invalidParams,
          `wallet_sendCalls call ${index}: the data must start with 0x`,
        )
    })
  }
  if (method === 'wallet_getCapabilities' && !(typeof params[0] === 'string' && ADDRESS.test(params[0])))
    throw new ProviderRpcError(ProviderErrorCode.invalidParams, 'wallet_getCapabilities needs an address')
}

/**
 * `wallet_getCapabilities` from the session: a wallet may state its capabilities when it approves, in the
 * session property `capabilities` (JSON text or an object, keyed by address, then by hex chain id), so
 * the app need not ask. Only the chains the request names, when it names any. Undefined when the session
 * says nothing readable about the address: the wallet is asked then.
 */
export function sessionCapabilities(property: unknown, params: unknown[]): unknown {
  let stated: unknown = property
  if (typeof property === 'string') {
    try {
      stated = JSON.parse(property)
    } catch {
      return undefined
    }
  }
  if (typeof stated !== 'object' || stated === null) return undefined
  const address = String(params[0]).toLowerCase()
  const forAddress = Object.entries(stated).find(([key]) => key.toLowerCase() === address)?.[1]
  if (typeof forAddress !== 'object' || forAddress === null) return undefined
  if (!Array.isArray(params[1])) return forAddress
  const hexId = (id: unknown): id is string => typeof id === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(id)
  const asked = params[1].filter(hexId).map((id) => BigInt(id))
  return Object.fromEntries(
    Object.entries(forAddress).filter(([chainId]) => hexId(chainId) && asked.includes(BigInt(chainId))),
  )
}

/** Where a session's call status may come from besides the wallet: its properties and the app's lookup. */
export type CallsStatusSources = {
  /** The session's `bundler_name`: asked through `byName` (the app's bundler path) when there is one. */
  bundlerName: unknown
  /** The session's `bundler_url`. */
  bundlerUrl: unknown
  byName: UserOperationReceiptLookup | undefined
}

/**
 * `wallet_getCallsStatus`, as `eth_getUserOperationReceipt` of the call batch id: from the bundler the
 * session names (`bundler_name`, through the app's bundler path), else from its `bundler_url`, else from the
 * wallet when the session grants the method; else refused, in the official provider's words. A bundler
 * that fails is reported and the next source asked.
 */
export async function getCallsStatus(
  route: Eip155Route,
  params: unknown[],
  { bundlerName, bundlerUrl, byName }: CallsStatusSources,
  onBundlerError: (error: unknown) => void,
): Promise<unknown> {
  if (typeof bundlerName === 'string' && byName) {
    try {
      return await byName({ chainId: route.chainId, bundler: bundlerName, params })
    } catch (error) {
      onBundlerError(error)
    }
  }
  if (typeof bundlerUrl === 'string') {
    try {
      return await userOperationReceipt(bundlerUrl, params[0])
    } catch (error) {
      onBundlerError(error)
    }
  }
  if (route.namespace.methods.includes('wallet_getCallsStatus'))
    return route.forward('wallet_getCallsStatus', params, route.chainId)
  throw new ProviderRpcError(ProviderErrorCode.unauthorized, ProviderErrorMessage.callStatusNotApproved)
}

async function userOperationReceipt(url: string, batchId: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(formatRequest('eth_getUserOperationReceipt', [batchId], payloadId())),
    // As long as a chain RPC call may take (10 s): a bundler is one more JSON-RPC node.
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`the bundler answered HTTP ${response.status}`)
  const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } }
  if (body.error !== undefined) throw new Error(`the bundler refused: ${String(body.error.message)}`)
  return body.result
}
