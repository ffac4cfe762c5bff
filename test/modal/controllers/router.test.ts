import { beforeAll, describe, expect, it } from 'vitest'
import { afterNetworkSwitch, goBack, push, replace, reset } from '../../../modal/controllers/router.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { anvilPair, injectedKit, unreachableRpcUrl } from '../support/kit.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

function kitAt() {
  const setup = injectedKit({ options: { networks: [anvil, anvil2] } })
  return { ...setup, ctx: setup.kit.context, router: () => setup.kit.store.get().router }
}

describe('router: view, typed data and history', () => {
  it('push keeps the previous route with its data; goBack returns to it', () => {
    const { ctx, router } = kitAt()
    push(ctx, { view: 'AllWallets' })
    push(ctx, { view: 'ConnectingExternal', data: { connectorId: 'injected' } })
    expect(router()).toEqual({
      view: 'ConnectingExternal',
      data: { connectorId: 'injected' },
      history: [{ view: 'Connect' }, { view: 'AllWallets' }],
    })
    goBack(ctx)
    expect(router()).toEqual({ view: 'AllWallets', history: [{ view: 'Connect' }] })
    goBack(ctx)
    expect(router()).toEqual({ view: 'Connect', history: [] })
    goBack(ctx)
    expect(router()).toEqual({ view: 'Connect', history: [] })
  })

  it('replace swaps the view and keeps the history; reset empties it', () => {
    const { ctx, router } = kitAt()
    push(ctx, { view: 'Networks' })
    replace(ctx, { view: 'SwitchNetwork', data: { network: anvil2 } })
    expect(router()).toEqual({
      view: 'SwitchNetwork',
      data: { network: anvil2 },
      history: [{ view: 'Connect' }],
    })
    reset(ctx, { view: 'Account' })
    expect(router()).toEqual({ view: 'Account', history: [] })
  })

  it('goBack: a connected visitor going back to Connect lands on Account', async () => {
    const { kit, ctx, router } = kitAt()
    push(ctx, { view: 'AllWallets' })
    await kit.connect('injected')
    goBack(ctx)
    expect(router()).toEqual({ view: 'Account', history: [] })
  })

  it('goBack: a visitor who is not connected goes back to Connect itself', () => {
    const { ctx, router } = kitAt()
    push(ctx, { view: 'AllWallets' })
    goBack(ctx)
    expect(router().view).toBe('Connect')
  })

  it('after a network switch, returns to where the network list was opened from', async () => {
    const { kit, ctx, router } = kitAt()
    await kit.connect('injected')
    await kit.open()
    push(ctx, { view: 'Networks' })
    push(ctx, { view: 'SwitchNetwork', data: { network: anvil2 } })
    afterNetworkSwitch(ctx, () => kit.close())
    expect(router()).toEqual({ view: 'Account', history: [] })
    expect(kit.getState().open).toBe(true)
  })

  it('after a network switch opened straight from the network button, closes the modal', async () => {
    const { kit, ctx } = kitAt()
    await kit.open({ view: 'Networks' })
    push(ctx, { view: 'SwitchNetwork', data: { network: anvil2 } })
    afterNetworkSwitch(ctx, () => void kit.close())
    expect(kit.getState().open).toBe(false)
    expect(kit.store.get().router).toEqual({ view: 'Connect', history: [] })
  })
})
