import { currentConnection, setIfSameAccount } from '../controllers/account.js'
import type { ModalContext } from '../controllers/context.js'
import { authConnectorId } from '../embedded/authConnector.js'
import type { EmbeddedWallet } from '../embedded/index.js'
import type { CaipNetwork } from '../networks/types.js'

/**
 * FRAME-14: whenever the auth connector's account or chain changes (a connect, a reconnect, a network
 * switch, another preferred account type) and the chain is one of the frame's smart account networks, the
 * frame is asked to init the smart account and account state learns whether it is deployed; and again
 * once a batch of the account's is reported mined while it is known not to be deployed.
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
  // The first operation deploys the account: a batch status of success (200) while account state still
  // says not deployed asks init smart account again, so the flag turns without a reconnect or reload.
  client.onRpcResult((method, result) => {
    if (method !== 'wallet_getCallsStatus' || !succeeded(result)) return
    if (ctx.store.get().account.smartAccountDeployed !== false) return
    const connection = currentConnection(ctx, 'eip155')
    const address = connection?.accounts[0]
    if (connection?.connectorId !== authConnectorId || address === undefined) return
    void sync(connection.caipNetwork, address).catch(() => undefined)
  })
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

/** EIP-5792's status of a batch that landed (200): the frame's answer, read no further than that. */
const succeeded = (result: unknown) =>
  typeof result === 'object' && result !== null && (result as { status?: unknown }).status === 200
