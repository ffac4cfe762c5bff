import { type Hex, verifyMessage } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { Eip155Adapter } from '../../../modal/adapters/eip155/eip155Adapter.js'
import { WalletError } from '../../../modal/controllers/errors.js'
import { closeByVisitor } from '../../../modal/controllers/modal.js'
import { OptionsError } from '../../../modal/controllers/options.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import type { SIWEConfig } from '../../../modal/siwx/siweConfig.js'
import { WalletRpcError, walletErrorCodes } from '../../support/testWallet.js'
import { FakeProvider } from '../support/fakeProvider.js'
import { FakeSolanaAdapter } from '../support/fakeSolanaAdapter.js'
import { anvilPair, createKit, injectedKit, solanaMainnet, unreachableRpcUrl, until } from '../support/kit.js'
import { createPage } from '../support/page.js'
import {
  alice,
  bob,
  domain,
  MemorySIWX,
  settle,
  signInKit,
  signInShown,
  signWithDevAccounts,
  uri,
} from './flowSupport.js'

let anvil: CaipNetwork
let anvil2: CaipNetwork

beforeAll(async () => {
  ;[anvil, anvil2] = anvilPair(await unreachableRpcUrl())
})

const signIn = (kit: { context: { signIn?: { sign(): Promise<void>; cancel(): Promise<void> } } }) => {
  const flow = kit.context.signIn
  if (!flow) throw new Error('the sign-in flow did not load')
  return flow
}

/**
 * Connects, waits for the sign-in view and presses Sign; the wallet holds its prompt until `answer` (the
 * visitor still reading it), so the test acts in between.
 */
async function signingHeld(kit: Awaited<ReturnType<typeof signInKit>>['kit'], provider: FakeProvider) {
  let answer = () => {}
  signWithDevAccounts(
    provider,
    new Promise<void>((resolve) => {
      answer = resolve
    }),
  )
  await kit.connect('injected')
  await signInShown(kit)
  const signing = signIn(kit).sign()
  await until(kit, () => provider.methods().includes('personal_sign'))
  return { signing, answer }
}

describe('sign-in flow in the modal', () => {
  it('OPEN-13 SIWXSignMessage opens after a connect without a session, and not when one exists', async () => {
    const { kit, siwx } = await signInKit([anvil, anvil2])
    expect(kit.store.get().open).toBe(false)
    await kit.connect('injected')
    await signInShown(kit)
    expect(siwx.lookups).toEqual([[anvil.caipNetworkId, alice]])

    await signIn(kit).sign()
    expect(kit.store.get().open).toBe(false)
    const again = await signInKit(
      [anvil, anvil2],
      Object.assign(new MemorySIWX(), { sessions: siwx.sessions }),
    )
    await again.kit.connect('injected')
    await until(again.kit, () => again.siwx.lookups.length === 1)
    await settle()
    expect(again.kit.store.get().open).toBe(false)
    expect(again.kit.store.get().router.view).toBe('Connect')
  })

  it('SIWX-01 sign-in builds the message for the active network and address, with the app domain and uri, a version and a fresh nonce', async () => {
    const { kit, siwx } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    await kit.disconnect()
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    expect(siwx.created).toHaveLength(2)
    const [first, second] = siwx.created
    expect(first).toMatchObject({ chainId: 'eip155:31337', accountAddress: alice, domain, uri, version: '1' })
    expect(first?.nonce).toMatch(/^[0-9a-f]{32}$/)
    expect(second?.nonce).not.toBe(first?.nonce)
    expect(siwx.sessions[0]?.message).toContain(`Nonce: ${second?.nonce}`)
  })

  it('SIWX-02 after the wallet signs, the session is added and a later lookup for that network and address finds it', async () => {
    const { kit, siwx, provider } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    expect(provider.methods()).toContain('personal_sign')
    const [session] = await siwx.getSessions(anvil.caipNetworkId, alice)
    expect(session?.data).toMatchObject({ chainId: anvil.caipNetworkId, accountAddress: alice, domain })
    expect(Object.hasOwn(session?.data ?? {}, 'toString')).toBe(false)
    expect(
      await verifyMessage({
        address: alice,
        message: session?.message ?? '',
        signature: (session?.signature ?? '0x') as Hex,
      }),
    ).toBe(true)
    expect(kit.store.get().open).toBe(false)
    expect(kit.store.get().snackbar).toBeUndefined()
  })

  it('SIWX-03 cancelling when sign-in is required and no session exists disconnects the wallet', async () => {
    const { kit } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).cancel()
    expect(kit.getAddress()).toBeUndefined()
    expect(kit.store.get().connections.eip155?.status).toBe('disconnected')
    expect(kit.store.get().open).toBe(false)
  })

  it('SIWX-04 cancelling when sign-in is not required closes the modal and keeps the wallet connected', async () => {
    const siwx = Object.assign(new MemorySIWX(), { required: false })
    const { kit } = await signInKit([anvil, anvil2], siwx)
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).cancel()
    expect(kit.store.get().open).toBe(false)
    expect(kit.getAddress()).toBe(alice)
    expect(siwx.sessions).toEqual([])
  })

  it('a config without getRequired makes sign-in optional, as AppKit reads it: closing is allowed and cancelling keeps the wallet', async () => {
    const siwx = Object.assign(new MemorySIWX(), { getRequired: undefined })
    const { kit } = await signInKit([anvil, anvil2], siwx)
    await kit.connect('injected')
    await signInShown(kit)
    expect(kit.context.signIn?.required()).toBe(false)
    closeByVisitor(kit.context)
    expect(kit.store.get().open).toBe(false)
    await kit.open({ view: 'SIWXSignMessage' })
    await signIn(kit).cancel()
    expect(kit.store.get().open).toBe(false)
    expect(kit.getAddress()).toBe(alice)
  })

  it('SIWX-05 cancelling after a switch from a signed-in network to one without a session switches back', async () => {
    const { kit, siwx } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    await kit.switchNetwork(anvil2)
    await signInShown(kit)
    expect(siwx.lookups.at(-1)).toEqual([anvil2.caipNetworkId, alice])
    await signIn(kit).cancel()
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe(anvil.caipNetworkId)
    expect(kit.getAddress()).toBe(alice)
    expect(kit.store.get().open).toBe(false)
  })

  it('SIWX-06 siweConfig alone, or siwx alone, is accepted', async () => {
    const { kit } = await signInKit([anvil, anvil2])
    expect(kit.signInEnabled()).toBe(true)
    let signedIn: { address: string; chainId: number } | null = null
    const siweConfig: SIWEConfig = {
      getNonce: async () => 'n0nceN0nceN0nce1',
      createMessage: ({ address, nonce }) => `${domain} wants you to sign in\n${address}\nNonce: ${nonce}`,
      verifyMessage: async () => true,
      getSession: async () => signedIn,
      signOut: async () => {
        signedIn = null
        return true
      },
      onSignIn: (session) => {
        signedIn = session ?? null
      },
    }
    const siwe = injectedKit({ options: { networks: [anvil, anvil2], siweConfig } })
    await siwe.kit.ready()
    expect(siwe.kit.signInEnabled()).toBe(true)
    await siwe.kit.connect('injected')
    await signInShown(siwe.kit)
    expect(siwe.kit.context.signIn?.required()).toBe(true)
  })

  it('signOutOnDisconnect (true when left out) clears the sessions on disconnect; false keeps them', async () => {
    const { kit, siwx } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    expect(siwx.sessions).toHaveLength(1)
    await kit.disconnect()
    await until(kit, () => siwx.sessions.length === 0)

    const keeping = Object.assign(new MemorySIWX(), { signOutOnDisconnect: false })
    const kept = await signInKit([anvil, anvil2], keeping)
    await kept.kit.connect('injected')
    await signInShown(kept.kit)
    await signIn(kept.kit).sign()
    await kept.kit.disconnect()
    await settle()
    expect(keeping.sessions).toHaveLength(1)
  })

  it('the wallet ending the connection signs out, as the visitor disconnecting does', async () => {
    const { kit, siwx, provider } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    expect(siwx.sessions).toHaveLength(1)
    provider.revokeFromWallet()
    await until(kit, (s) => s.account.address === undefined)
    await settle()
    expect(siwx.sessions).toEqual([])
  })

  it('a signature the wallet gives after the wallet ended the connection adds no session', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    const { signing, answer } = await signingHeld(kit, provider)
    provider.revokeFromWallet()
    await until(kit, (s) => s.account.address === undefined)
    answer()
    await signing
    await settle()
    expect(siwx.sessions).toEqual([])
  })

  it('a wallet moving to a network the app did not configure is asked to switch (UnsupportedChain), not to sign in there', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    provider.selectChain(4660)
    await settle()
    expect(kit.store.get()).toMatchObject({ open: true, router: { view: 'UnsupportedChain' } })
    expect(siwx.lookups.map(([chainId]) => chainId)).not.toContain('eip155:4660')
  })

  it('an app that allows unconfigured networks (allowUnsupportedChain) still asks a wallet there to sign in', async () => {
    const siwx = new MemorySIWX()
    const { kit, provider } = injectedKit({
      options: { networks: [anvil, anvil2], siwx, allowUnsupportedChain: true },
    })
    signWithDevAccounts(provider)
    await kit.ready()
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    provider.selectChain(4660)
    await signInShown(kit)
    expect(siwx.lookups.map(([chainId]) => chainId)).toContain('eip155:4660')
  })

  it('closing is refused with a shake while a required sign-in is unsigned, allowed when not required', async () => {
    const { kit } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    closeByVisitor(kit.context)
    expect(kit.store.get()).toMatchObject({ open: true, shake: true })
    expect(kit.store.get().router.view).toBe('SIWXSignMessage')

    const optional = await signInKit([anvil, anvil2], Object.assign(new MemorySIWX(), { required: false }))
    await optional.kit.connect('injected')
    await signInShown(optional.kit)
    closeByVisitor(optional.kit.context)
    expect(optional.kit.store.get().open).toBe(false)
  })

  it("ERR-10 a failure to start sign-in shows 'A problem occurred while trying initialize authentication' and disconnects", async () => {
    const siwx = Object.assign(new MemorySIWX(), { failLookups: true })
    const { kit } = await signInKit([anvil, anvil2], siwx)
    await kit.connect('injected')
    const state = await until(kit, (s) => s.snackbar !== undefined)
    expect(state.snackbar).toMatchObject({
      severity: 'error',
      message: 'A problem occurred while trying initialize authentication',
    })
    await until(kit, (s) => s.account.address === undefined)
    expect(kit.store.get().connections.eip155?.status).toBe('disconnected')
    expect(kit.store.get().router.view).toBe('Connect')
  })

  it("ERR-11 a failed signature shows 'Error signing message' and reopens the sign-in view", async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await kit.close()
    provider.override('personal_sign', () => {
      throw new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.')
    })
    await kit.requestSignMessage()
    expect(kit.store.get()).toMatchObject({ open: true, router: { view: 'SIWXSignMessage' } })
    expect(kit.store.get().snackbar).toMatchObject({ severity: 'error', message: 'Error signing message' })
    expect(siwx.sessions).toEqual([])
    expect(kit.getAddress()).toBe(alice)
  })

  it('a signature the wallet gives after the visitor switched account does not close the sign-in the new account owes', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    const { signing, answer } = await signingHeld(kit, provider)
    provider.selectAccount(bob)
    await until(kit, (s) => s.account.address === bob)
    await settle()
    answer()
    await signing
    expect(siwx.sessions.map((s) => s.data.accountAddress)).toEqual([alice])
    expect(kit.store.get()).toMatchObject({ open: true, router: { view: 'SIWXSignMessage' } })
  })

  it('asking to sign in again while the wallet shows the prompt joins it: one prompt, one session', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    const { signing, answer } = await signingHeld(kit, provider)
    const again = kit.requestSignMessage()
    await settle()
    answer()
    await Promise.all([signing, again])
    expect(provider.methods().filter((method) => method === 'personal_sign')).toHaveLength(1)
    expect(siwx.sessions).toHaveLength(1)
  })

  it('a signature the wallet gives after the visitor closed the modal does not close the view opened since', async () => {
    const siwx = Object.assign(new MemorySIWX(), { required: false })
    const { kit, provider } = await signInKit([anvil, anvil2], siwx)
    const { signing, answer } = await signingHeld(kit, provider)
    closeByVisitor(kit.context)
    await kit.open({ view: 'Networks' })
    answer()
    await signing
    expect(siwx.sessions).toHaveLength(1)
    expect(kit.store.get()).toMatchObject({ open: true, router: { view: 'Networks' } })
  })

  it('switching back to an account already signed in closes the sign-in view the other account opened', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    provider.selectAccount(bob)
    await signInShown(kit)
    provider.selectAccount(alice)
    await until(kit, () => siwx.lookups.length === 3)
    await settle()
    expect(kit.store.get().open).toBe(false)
    expect(kit.getAddress()).toBe(alice)
  })

  it('a signature the wallet gives after the visitor disconnected adds no session', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    const { signing, answer } = await signingHeld(kit, provider)
    await kit.disconnect()
    await settle()
    answer()
    await signing
    await settle()
    expect(siwx.sessions).toEqual([])
  })

  it('disconnecting closes the sign-in view, and a refusal the wallet gives afterwards reopens it for nobody', async () => {
    const { kit, provider } = await signInKit([anvil, anvil2])
    await kit.connect('injected')
    await signInShown(kit)
    let reject = () => {}
    provider.override(
      'personal_sign',
      () =>
        new Promise((_, fail) => {
          reject = () => fail(new WalletRpcError(walletErrorCodes.userRejected, 'User rejected the request.'))
        }),
    )
    const pending = signIn(kit).sign()
    await until(kit, () => provider.methods().includes('personal_sign'))
    await kit.disconnect()
    await settle()
    expect(kit.store.get().open).toBe(false)
    reject()
    await pending
    expect(kit.store.get().open).toBe(false)
    expect(kit.store.get().snackbar).toBeUndefined()
  })

  it('reconnecting while the sign-out of the disconnect is still under way asks to sign in again', async () => {
    let release = () => {}
    const slowSignOut = new (class extends MemorySIWX {
      override async setSessions(sessions: Parameters<MemorySIWX['setSessions']>[0]): Promise<void> {
        await new Promise<void>((resolve) => {
          release = resolve
        })
        await super.setSessions(sessions)
      }
    })()
    const { kit } = await signInKit([anvil, anvil2], slowSignOut)
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    await kit.disconnect()
    await kit.connect('injected')
    await until(kit, (s) => s.account.address === alice)
    await settle()
    release()
    await signInShown(kit)
    expect(slowSignOut.sessions).toEqual([])
  })

  it('an EVM wallet whose provider also has a signMessage method is still asked with personal_sign', async () => {
    const { kit, provider, siwx } = await signInKit([anvil, anvil2])
    const bytesSigned: unknown[] = []
    Object.assign(provider, {
      signMessage: async (message: unknown) => {
        bytesSigned.push(message)
        return new Uint8Array(65)
      },
    })
    await kit.connect('injected')
    await signInShown(kit)
    await signIn(kit).sign()
    expect(bytesSigned).toEqual([])
    expect(provider.methods()).toContain('personal_sign')
    expect(siwx.sessions.map((s) => s.data.accountAddress)).toEqual([alice])
  })

  it('disconnecting another namespace signs out every session, so the account still connected is asked to sign in again', async () => {
    const solana = new FakeSolanaAdapter()
    const siwx = new MemorySIWX()
    const solanaMessage = await siwx.createMessage({
      chainId: solanaMainnet.caipNetworkId,
      accountAddress: solana.address,
    })
    // Signed in on solana already (MemorySIWX checks EVM signatures only, so this one is placed directly).
    siwx.sessions.push({ data: solanaMessage, message: solanaMessage.toString(), signature: 'signed' })
    const provider = new FakeProvider({ accounts: [alice], chainId: Number(anvil.id) })
    signWithDevAccounts(provider)
    const kit = createKit({
      options: { networks: [anvil, solanaMainnet], adapters: [new Eip155Adapter(), solana], siwx },
      environment: { target: createPage(provider) },
    })
    await kit.ready()
    await kit.connect('solflare', solanaMainnet)
    await kit.connect('injected', anvil)
    await signInShown(kit)
    await signIn(kit).sign()
    expect(kit.store.get().open).toBe(false)
    await kit.disconnect('solana')
    await until(kit, () => siwx.sessions.length === 0)
    expect(kit.getAddress()).toBe(alice)
    await signInShown(kit)
  })

  it("ERR-40 a sign-in call with sign-in not configured fails with 'SIWX is not enabled'", async () => {
    const { kit } = injectedKit({ options: { networks: [anvil, anvil2] } })
    await kit.ready()
    expect(kit.signInEnabled()).toBe(false)
    expect(kit.context.signIn).toBeUndefined()
    const failure = kit.requestSignMessage()
    await expect(failure).rejects.toBeInstanceOf(WalletError)
    await expect(failure).rejects.toMatchObject({ code: 'SIWX_NOT_ENABLED', message: 'SIWX is not enabled' })
  })

  it("ERR-45 setting both siweConfig and siwx fails with 'Cannot set both siweConfig and siwx options'", () => {
    const siweConfig = { getNonce: async () => 'n', createMessage: () => '' } as unknown as SIWEConfig
    const both = () => createKit({ options: { networks: [anvil], siwx: new MemorySIWX(), siweConfig } })
    expect(both).toThrow(OptionsError)
    expect(both).toThrow('Cannot set both siweConfig and siwx options')
  })
})
