import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { switchNetwork } from '../../../modal/controllers/network.js'
import { loginWithEmail } from '../../../modal/email/emailFlow.js'
import { setPreferredAccountType } from '../../../modal/email/preferredAccount.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { flush } from '../embedded/support/fakePage.js'
import { testAddress } from '../embedded/support/samples.js'
import { anvilPair, unreachableRpcUrl } from '../support/kit.js'
import { emailKit, eventually } from './support.js'

const smartAddress = '0x5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a5a'

let anvil: CaipNetwork
let anvil2: CaipNetwork
beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

/**
 * A logged-in frame whose smart account networks are `smartNetworks`: eth_accounts answers the preferred
 * type's address, as services/frame does, and SET_PREFERRED_ACCOUNT switches it.
 */
function smartKit({ smartNetworks = [31337], isDeployed = true } = {}) {
  const setup = emailKit([anvil, anvil2])
  kits.push(setup.kit)
  const { frame } = setup
  let chainId = 31337
  let address = testAddress
  frame.on('CONNECT_EMAIL', () => ({ success: { action: 'CONNECT' } }))
  frame.on('RPC_REQUEST', (request) => {
    const { method } = request.payload as { method: string }
    if (method === 'eth_requestAccounts' || method === 'eth_accounts') return { success: [address] }
    if (method === 'eth_chainId') return { success: `0x${chainId.toString(16)}` }
    return { success: '0x0' }
  })
  frame.on('SWITCH_NETWORK', (request) => {
    chainId = Number((request.payload as { chainId: number }).chainId)
    return { success: { chainId } }
  })
  frame.on('GET_SMART_ACCOUNT_ENABLED_NETWORKS', () => ({
    success: { smartAccountEnabledNetworks: smartNetworks },
  }))
  frame.on('INIT_SMART_ACCOUNT', () => ({ success: { address: smartAddress, isDeployed } }))
  frame.on('SET_PREFERRED_ACCOUNT', (request) => {
    const { type } = request.payload as { type: 'eoa' | 'smartAccount' }
    address = type === 'smartAccount' ? smartAddress : testAddress
    return { success: { type, address } }
  })
  return setup
}

describe('smart accounts of the embedded wallet in the modal', () => {
  it('FRAME-13 setting the preferred account type switches between EOA and smart account, and the shown address follows (shouldUpdateToAddress)', async () => {
    const { kit, frame } = smartKit()
    await loginWithEmail(kit.context, 'ada@example.com')
    expect(kit.getAddress()).toBe(testAddress)

    await setPreferredAccountType(kit.context, 'smartAccount')
    expect(frame.received('SET_PREFERRED_ACCOUNT').map((r) => r.payload)).toEqual([{ type: 'smartAccount' }])
    expect(kit.getAddress()).toBe(smartAddress)
    expect(kit.store.get().account).toMatchObject({
      address: smartAddress,
      caipAddress: `eip155:31337:${smartAddress}`,
      preferredAccountType: 'smartAccount',
      shouldUpdateToAddress: smartAddress,
    })
    expect(kit.store.get().connections.eip155?.connections[0]?.accounts).toEqual([smartAddress])
    const wallet = await kit.context.embedded?.()
    expect(wallet?.client.cache.preferredAccountType()).toBe('smartAccount')

    await setPreferredAccountType(kit.context, 'eoa')
    expect(kit.getAddress()).toBe(testAddress)
    expect(kit.store.get().account).toMatchObject({
      preferredAccountType: 'eoa',
      shouldUpdateToAddress: testAddress,
    })
  })

  it('FRAME-13 a type the frame refuses leaves the account where it was', async () => {
    const { kit, frame } = smartKit()
    await loginWithEmail(kit.context, 'ada@example.com')
    frame.on('SET_PREFERRED_ACCOUNT', () => ({
      error: { code: 4200, message: 'Elsewhere has no smart accounts in this wallet' },
    }))
    await expect(setPreferredAccountType(kit.context, 'smartAccount')).rejects.toThrow(/no smart accounts/)
    expect(kit.getAddress()).toBe(testAddress)
    expect(kit.store.get().account.shouldUpdateToAddress).toBeUndefined()
  })

  it('FRAME-14 after the auth connector connects on a smart account network, init smart account sets smartAccountDeployed in account state', async () => {
    const { kit, frame } = smartKit({ smartNetworks: [31337] })
    await loginWithEmail(kit.context, 'ada@example.com')
    await eventually(() => expect(kit.store.get().account.smartAccountDeployed).toBe(true))
    expect(frame.received('INIT_SMART_ACCOUNT')).toHaveLength(1)
    expect(kit.store.get().account.address).toBe(testAddress)
  })

  it('FRAME-14 smartAccountDeployed is false for an account not deployed yet, and is asked again after a switch to another smart account network', async () => {
    const { kit, frame } = smartKit({ smartNetworks: [31337, 31338], isDeployed: false })
    await loginWithEmail(kit.context, 'ada@example.com')
    await eventually(() => expect(kit.store.get().account.smartAccountDeployed).toBe(false))
    frame.on('INIT_SMART_ACCOUNT', () => ({ success: { address: smartAddress, isDeployed: true } }))
    await switchNetwork(kit.context, anvil2)
    await eventually(() => expect(kit.store.get().account.smartAccountDeployed).toBe(true))
    expect(kit.store.get().activeNetwork?.id).toBe(31338)
    expect(frame.received('INIT_SMART_ACCOUNT')).toHaveLength(2)
  })

  it('FRAME-14 on a chain the frame does not list, init smart account is never asked and smartAccountDeployed stays unknown', async () => {
    const { kit, frame } = smartKit({ smartNetworks: [10] })
    await loginWithEmail(kit.context, 'ada@example.com')
    await frame.next('GET_SMART_ACCOUNT_ENABLED_NETWORKS')
    await switchNetwork(kit.context, anvil2)
    expect(kit.getAddress()).toBe(testAddress)
    expect(frame.received('INIT_SMART_ACCOUNT')).toHaveLength(0)
    expect(kit.store.get().account.smartAccountDeployed).toBeUndefined()
  })

  it('FRAME-14 smartAccountDeployed turns true without a reconnect once wallet_getCallsStatus through the auth connector reports the batch landed (200)', async () => {
    const { kit, frame } = smartKit({ isDeployed: false })
    await loginWithEmail(kit.context, 'ada@example.com')
    await eventually(() => expect(kit.store.get().account.smartAccountDeployed).toBe(false))
    let status = 100
    frame.on('RPC_REQUEST', (request) => {
      const { method } = request.payload as { method: string }
      if (method === 'wallet_getCallsStatus') return { success: { version: '2.0.0', id: '0x01', status } }
      if (method === 'eth_chainId') return { success: '0x7a69' }
      return { success: [testAddress] }
    })
    frame.on('INIT_SMART_ACCOUNT', () => ({ success: { address: smartAddress, isDeployed: true } }))
    const callsStatus = () =>
      kit.getProvider()?.request({ method: 'wallet_getCallsStatus', params: ['0x01'] })
    // Pending: nothing to learn yet.
    expect(await callsStatus()).toMatchObject({ status: 100 })
    expect(frame.received('INIT_SMART_ACCOUNT')).toHaveLength(1)
    status = 200
    expect(await callsStatus()).toMatchObject({ status: 200 })
    await eventually(() => expect(kit.store.get().account.smartAccountDeployed).toBe(true))
    expect(frame.received('INIT_SMART_ACCOUNT')).toHaveLength(2)
    // Known deployed: later statuses ask nothing more.
    await callsStatus()
    await flush()
    expect(frame.received('INIT_SMART_ACCOUNT')).toHaveLength(2)
  })
})
