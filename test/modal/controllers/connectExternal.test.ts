import { beforeAll, describe, expect, it } from 'vitest'
import { pickExternalWallet } from '../../../modal/controllers/connectExternal.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { ViewName } from '../../../modal/state/views.js'
import { WalletRpcError, walletErrorCodes } from '../support/fakeProvider.js'
import { alice, anvilPair, injectedKit, unreachableRpcUrl } from '../support/kit.js'

let anvil: CaipNetwork

beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

/** A kit with its modal open on Connect, whose wallet answers eth_requestAccounts when told to. */
async function pickingKit() {
  const { kit, provider } = injectedKit({ options: { networks: [anvil] } })
  await kit.open()
  const viewsWhenAsked: ViewName[] = []
  let answer: (result: { accounts: string[] } | { error: unknown }) => void = () => {}
  provider.override('eth_requestAccounts', () => {
    viewsWhenAsked.push(kit.store.get().router.view)
    return new Promise((resolve, reject) => {
      answer = (result) => ('error' in result ? reject(result.error) : resolve(result.accounts))
    })
  })
  return { kit, provider, viewsWhenAsked, answer: (result: Parameters<typeof answer>[0]) => answer(result) }
}

function routedAttempt(kit: Awaited<ReturnType<typeof pickingKit>>['kit']): Promise<void> {
  const route = kit.store.get().router
  if (route.view !== 'ConnectingExternal') throw new Error(`routed to ${route.view}`)
  expect(route.data.connectorId).toBe('injected')
  if (!route.data.attempt) throw new Error('ConnectingExternal was routed to without the attempt')
  return route.data.attempt
}

describe('picking a browser wallet', () => {
  it('asks the wallet before ConnectingExternal is routed to, which then holds that one request', async () => {
    const { kit, provider, viewsWhenAsked, answer } = await pickingKit()
    pickExternalWallet(kit.context, 'injected')
    expect(viewsWhenAsked).toEqual(['Connect'])
    const attempt = routedAttempt(kit)
    answer({ accounts: [alice] })
    await attempt
    expect(kit.store.get().account).toMatchObject({ status: 'connected', address: alice })
    expect(kit.store.get().open).toBe(false)
    expect(provider.methods().filter((method) => method === 'eth_requestAccounts')).toHaveLength(1)
  })

  it('a declined request rejects the attempt ConnectingExternal shows, and leaves the modal on it', async () => {
    const { kit, answer } = await pickingKit()
    pickExternalWallet(kit.context, 'injected')
    const attempt = routedAttempt(kit)
    answer({ error: new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.') })
    await expect(attempt).rejects.toMatchObject({ code: walletErrorCodes.userRejected })
    expect(kit.store.get().router.view).toBe('ConnectingExternal')
    expect(kit.store.get().account.status).toBe('disconnected')
  })
})
