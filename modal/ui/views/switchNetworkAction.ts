import { close } from '../../controllers/modal.js'
import { afterNetworkSwitch } from '../../controllers/router.js'
import type { AppKit } from '../../core/appKit.js'
import type { CaipNetwork } from '../../networks/types.js'

/**
 * SwitchNetwork's action: the wallet is asked to switch, then the modal goes back past the network list, or
 * closes. Not once the visitor has left the view (`signal`): a switch the wallet confirmed late closed the
 * modal they had opened since, or took them from the view they had gone to.
 */
export async function switchFromView(
  kit: Pick<AppKit, 'switchNetwork' | 'context'>,
  network: CaipNetwork,
  signal: AbortSignal,
): Promise<void> {
  await kit.switchNetwork(network, { confirmed: true })
  if (!signal.aborted) afterNetworkSwitch(kit.context, () => close(kit.context))
}
