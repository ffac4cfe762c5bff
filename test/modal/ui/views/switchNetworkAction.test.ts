import { beforeAll, describe, expect, it } from 'vitest'
import { close, open } from '../../../../modal/controllers/modal.js'
import { push } from '../../../../modal/controllers/router.js'
import type { CaipNetwork } from '../../../../modal/networks/types.js'
import { switchFromView } from '../../../../modal/ui/views/switchNetworkAction.js'
import { anvilPair, injectedKit, unreachableRpcUrl } from '../../support/kit.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

/** A kit on SwitchNetwork, opened from Account's network list, whose wallet confirms the switch when told. */
function switching() {
  const { kit } = injectedKit({ options: { networks: [anvil, anvil2] } })
  open(kit.context, { view: 'Account' })
  push(kit.context, { view: 'Networks' })
  push(kit.context, { view: 'SwitchNetwork', data: { network: anvil2 } })
  let confirm: () => void = () => undefined
  const wallet = {
    context: kit.context,
    switchNetwork: () =>
      new Promise<void>((resolve) => {
        confirm = resolve
      }),
  }
  const left = new AbortController()
  const done = switchFromView(wallet, anvil2, left.signal)
  return { kit, confirm: () => confirm(), left, done }
}

describe('SwitchNetwork: the switch, then back past the network list', () => {
  it('once the wallet confirms while the view shows, goes back to where the network list was opened from', async () => {
    const { kit, confirm, done } = switching()
    confirm()
    await done
    expect(kit.store.get().open).toBe(true)
    expect(kit.store.get().router.view).toBe('Account')
  })

  it('a switch the wallet confirms after the visitor closed the view and opened the modal elsewhere closes nothing and routes nowhere', async () => {
    const { kit, confirm, left, done } = switching()
    close(kit.context)
    left.abort()
    open(kit.context, { view: 'AllWallets' })
    confirm()
    await done
    expect(kit.store.get().open).toBe(true)
    expect(kit.store.get().router.view).toBe('AllWallets')
  })
})
