import { currentConnection, setIfSameAccount } from '../controllers/account.js'
import type { ModalContext } from '../controllers/context.js'
import { authConnectorId } from '../embedded/authConnector.js'
import type { EmbeddedWallet } from '../embedded/index.js'
import type { CaipNetwork } from '../networks/types.js'

/**
 * FRAME-14: whenever the auth connector's account or chain changes (a connect, a reconnect, a network
 * switch, another preferred account type) and the chain is one of the frame's smart account networks, the
 * frame is asked to init the smart account and account state learns whether it is deployed.
 */
export function watchSmartAccount(ctx: ModalContext, wallet: EmbeddedWallet): void {
  const { client } = wallet
  // The frame's chains come from its operator's config, fixed for the page's life: asked once, again after a failure.
  let networks: Promise<readonly number[]> | undefined
  const enabledNetworks = () => {
    networks ??= client.getSmartAccountEnabledNetworks().then(
      (answer) => answer.smartAccountEnabledNetworks,
      (error: unknown) => {
        networks = undefined
        throw error
      },
    )
    return networks
  }
  const sync = async (network: CaipNetwork, address: string) => {
    if (!(await enabledNetworks()).includes(Number(network.id))) return
    const { isDeployed } = await client.initSmartAccount()
    const preferred = client.cache.preferredAccountType()
    setIfSameAccount(ctx, address, network, {
      smartAccountDeployed: isDeployed,
      ...(preferred ? { preferredAccountType: preferred } : {}),
    })
  }
  let last: string | undefined
  ctx.store.subscribe(() => {
    const connection = currentConnection(ctx, 'eip155')
    const address = connection?.accounts[0]
    const connected = connection?.connectorId === authConnectorId && address !== undefined
    const key = connected ? `${connection.caipNetwork.id}:${address}` : undefined
    if (key === last) return
    last = key
    // A frame that cannot tell leaves smartAccountDeployed absent: the modal does not know it, and says nothing.
    if (connected) void sync(connection.caipNetwork, address).catch(() => undefined)
  })
}
