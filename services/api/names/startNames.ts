import type { Hex } from 'viem'
import { defaultNameZone } from '../../chain/nameZone.js'
import type { RouteFactory } from '../http/directRoute.js'
import { verifyEip155Signature } from '../siwx/verify/eip155.js'
import { ccipGatewayRoutes } from './gateway/ccipRoutes.js'
import { nameRoutes } from './routes.js'
import { NameStore } from './store.js'

export type NamesOptions = {
  /** The parent of every name; default `pairwise.eth`. */
  zone?: string
  /**
   * The CCIP-read gateway's signing key (its address is on the offchain resolver's signer list; see
   * `gatewaySignerKey` for a key file). Without one the api serves no `/ccip` routes.
   */
  signerKey?: Hex
  /** The chains names are registered on; default every EVM chain of the api. */
  chainIds?: readonly number[]
  /** Names held at most; default namesLimits.maxNames. */
  maxNames?: number
  /** Names registered through one project at most; default namesLimits.maxNamesPerProject. */
  maxNamesPerProject?: number
  /** Names one client registers through one project at most; default namesLimits.namesPerClientPerProject. */
  namesPerClientPerProject?: number
  /** Names one client registers an hour at most; default namesLimits.registrationsPerClientPerHour. */
  registrationsPerClientPerHour?: number
  /**
   * Gateway lookups one client (IP) makes a minute at most; default
   * namesLimits.ccipLookupsPerClientPerMinute. Raise it when a batch gateway asks for many users.
   */
  ccipLookupsPerClientPerMinute?: number
}

/**
 * The names routes and, with a signing key, the CCIP-read gateway, over one store. Signatures are
 * checked with viem's verifyMessage through the chain's RPC, so smart accounts (EIP-1271, ERC-6492)
 * register too.
 */
export function namesRouteFactories(
  options: NamesOptions,
  chains: readonly { chainId: number; rpcUrl: string }[],
): RouteFactory[] {
  const zone = options.zone ?? defaultNameZone
  const rpcUrlOf = new Map(chains.map((chain) => [chain.chainId, chain.rpcUrl]))
  const factories: RouteFactory[] = [
    (deps) =>
      nameRoutes({
        ...deps,
        store: new NameStore(deps.db),
        zone,
        chainIds: options.chainIds ?? [...rpcUrlOf.keys()],
        maxNames: options.maxNames,
        maxNamesPerProject: options.maxNamesPerProject,
        namesPerClientPerProject: options.namesPerClientPerProject,
        registrationsPerClientPerHour: options.registrationsPerClientPerHour,
        verify: ({ chainId, ...signed }) =>
          verifyEip155Signature({ rpcUrl: rpcUrlOf.get(chainId), ...signed }),
      }),
  ]
  const { signerKey } = options
  if (signerKey)
    factories.push((deps) =>
      ccipGatewayRoutes({
        store: new NameStore(deps.db),
        zone,
        signerKey,
        now: deps.now,
        shared: deps.shared,
        lookupsPerClientPerMinute: options.ccipLookupsPerClientPerMinute,
      }),
    )
  return factories
}
