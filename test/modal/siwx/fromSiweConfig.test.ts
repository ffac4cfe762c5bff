import { verifyMessage } from 'viem'
import { createSiweMessage, generateSiweNonce, parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import type { Cacao } from '../../../engine/index.js'
import {
  fromSiweConfig,
  type SIWEConfig,
  type SIWECreateMessageArgs,
  type SIWESession,
  type SIWEVerifyMessageArgs,
} from '../../../modal/siwx/index.js'
import { alice, anvilPair, createKit, unreachableRpcUrl } from '../support/kit.js'
import { evmSigner, signed, signIn } from './signers.js'

const hardhat = 'eip155:31337'
const mainnet = 'eip155:1'
const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/**
 * An integrator's AppKit `createSIWEConfig` config, written the way AppKit's docs show (its own nonce,
 * viem's SIWE message, a check of the signature and nonce, one session), with its calls recorded.
 */
function siweBackend(overrides: Partial<SIWEConfig> = {}) {
  const calls: string[] = []
  const state: { nonce?: string; session: SIWESession | null } = { session: null }
  const config: SIWEConfig = {
    async getMessageParams() {
      return {
        domain: 'app.example.com',
        uri: 'https://app.example.com',
        chains: [1, 31337],
        statement: 'Hello',
        // As AppKit's docs may write it: the message parameters' type is the CACAO header's.
        type: 'caip122',
      }
    },
    async getNonce() {
      state.nonce = generateSiweNonce()
      return state.nonce
    },
    createMessage({ address, ...args }) {
      calls.push(`createMessage ${address}`)
      return createSiweMessage({
        ...args,
        address: address.split(':').at(-1) as `0x${string}`,
        issuedAt: args.iat ? new Date(args.iat) : undefined,
      })
    },
    async verifyMessage({ message, signature }) {
      const fields = parseSiweMessage(message)
      const ok =
        validateSiweMessage({ message: fields, nonce: state.nonce, domain: 'app.example.com' }) &&
        (await verifyMessage({
          address: fields.address as `0x${string}`,
          message,
          signature: signature as `0x${string}`,
        }))
      if (ok) state.session = { address: fields.address as string, chainId: fields.chainId as number }
      return ok
    },
    async getSession() {
      return state.session
    },
    async signOut() {
      calls.push('signOut')
      state.session = null
      return true
    },
    onSignIn: (session) => void calls.push(`onSignIn ${session?.chainId}`),
    onSignOut: () => void calls.push('onSignOut'),
    ...overrides,
  }
  return { config, calls, state }
}

/**
 * What `createSIWEConfig` from `@reown/appkit-siwe` 1.7 returns for `config`: the callbacks under
 * `methods`, the settings with their defaults under `options`, and members of its own whose `signOut`
 * asks AppKit's controllers (absent here) and so never reaches the app.
 */
function appKitSiweClient(config: SIWEConfig) {
  const {
    required = true,
    enabled = true,
    signOutOnDisconnect = true,
    signOutOnAccountChange = true,
    signOutOnNetworkChange = true,
    nonceRefetchIntervalMs = 300_000,
    sessionRefetchIntervalMs = 300_000,
    ...methods
  } = config
  return {
    options: {
      required,
      enabled,
      signOutOnDisconnect,
      signOutOnAccountChange,
      signOutOnNetworkChange,
      nonceRefetchIntervalMs,
      sessionRefetchIntervalMs,
    },
    methods,
    getNonce: (address?: string) => methods.getNonce(address),
    getMessageParams: async () => (await methods.getMessageParams?.()) ?? {},
    createMessage: (args: SIWECreateMessageArgs) => methods.createMessage(args),
    verifyMessage: (args: SIWEVerifyMessageArgs) => methods.verifyMessage(args),
    async getSession() {
      const session = await methods.getSession()
      if (!session) throw new Error('siweControllerClient:getSession - session is undefined')
      return session
    },
    signOut: async () => false,
  }
}

describe('fromSiweConfig', () => {
  it('SIWX-06 a siweConfig alone signs in: its nonce and message, its verification, then its session is found', async () => {
    const { config, calls, state } = siweBackend()
    const siwx = fromSiweConfig(config)
    const wallet = evmSigner()
    const session = await signIn(siwx, wallet, hardhat)
    expect(session.data).toMatchObject({
      accountAddress: wallet.address,
      chainId: hardhat,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: state.nonce,
      statement: 'Hello',
    })
    expect(parseSiweMessage(session.message)).toMatchObject({
      address: wallet.address,
      chainId: 31337,
      nonce: state.nonce,
    })
    expect(calls).toEqual([`createMessage did:pkh:${hardhat}:${wallet.address}`, 'onSignIn 31337'])
    expect(await siwx.getSessions(hardhat, wallet.address)).toMatchObject([
      { data: { chainId: hardhat, accountAddress: wallet.address } },
    ])
  })

  it('SIWX-06 refuses a session the siweConfig does not verify', async () => {
    const { config, state } = siweBackend()
    const siwx = fromSiweConfig(config)
    const wallet = evmSigner()
    const session = await signed(siwx, wallet, hardhat)
    await expect(
      siwx.addSession({ ...session, signature: await evmSigner().sign(session.message) }),
    ).rejects.toMatchObject({
      code: 'INVALID_SESSION',
    })
    expect(state.session).toBeNull()
  })

  it('a SIWE session counts only for its account and network unless the signOutOn…Change options say otherwise', async () => {
    const wallet = evmSigner()
    const strict = siweBackend()
    await signIn(fromSiweConfig(strict.config), wallet, hardhat)
    expect(await fromSiweConfig(strict.config).getSessions(mainnet, wallet.address)).toEqual([])
    expect(await fromSiweConfig(strict.config).getSessions(hardhat, evmSigner().address)).toEqual([])

    const loose = siweBackend({ signOutOnNetworkChange: false })
    await signIn(fromSiweConfig(loose.config), wallet, hardhat)
    expect(await fromSiweConfig(loose.config).getSessions(mainnet, wallet.address)).toHaveLength(1)
  })

  it('signs out through the siweConfig, as AppKit does, when the wallet leaves the signed-in network or account', async () => {
    const wallet = evmSigner()
    const { config, calls, state } = siweBackend()
    const siwx = fromSiweConfig(config)
    await signIn(siwx, wallet, hardhat)
    calls.length = 0
    expect(await siwx.getSessions(mainnet, wallet.address)).toEqual([])
    expect(calls).toEqual(['signOut', 'onSignOut'])
    expect(state.session).toBeNull()

    await signIn(siwx, wallet, hardhat)
    calls.length = 0
    expect(await siwx.getSessions(hardhat, evmSigner().address)).toEqual([])
    expect(calls).toEqual(['signOut', 'onSignOut'])

    const loose = siweBackend({ signOutOnNetworkChange: false, signOutOnAccountChange: false })
    await signIn(fromSiweConfig(loose.config), wallet, hardhat)
    loose.calls.length = 0
    expect(await fromSiweConfig(loose.config).getSessions(mainnet, evmSigner().address)).toHaveLength(1)
    expect(loose.calls).toEqual([])
  })

  it('signs out through the siweConfig on setSessions([]) and on revoking its own pair only', async () => {
    const { config, calls, state } = siweBackend()
    const siwx = fromSiweConfig(config)
    const wallet = evmSigner()
    await signIn(siwx, wallet, hardhat)
    await siwx.revokeSession(mainnet, wallet.address)
    expect(state.session).not.toBeNull()
    await siwx.revokeSession(hardhat, wallet.address)
    expect(state.session).toBeNull()
    await signIn(siwx, wallet, hardhat)
    calls.length = 0
    await siwx.setSessions([])
    expect(calls).toEqual(['signOut', 'onSignOut'])
    expect(await siwx.getSessions(hardhat, wallet.address)).toEqual([])
  })

  it('keeps the session of the active network of several signed at once, and the first EVM one when it has none there', async () => {
    const nonce = generateSiweNonce()
    const { config, calls, state } = siweBackend({ getNonce: async () => nonce })
    state.nonce = nonce
    let active: string | undefined = hardhat
    const siwx = fromSiweConfig(config, () => active)
    const wallet = evmSigner()
    const sessions = [await signed(siwx, wallet, mainnet), await signed(siwx, wallet, hardhat)]
    await siwx.setSessions(sessions)
    expect(state.session?.chainId).toBe(31337)
    active = 'eip155:10'
    await siwx.setSessions(sessions)
    expect(calls.filter((call) => call.startsWith('onSignIn'))).toEqual(['onSignIn 31337', 'onSignIn 1'])
  })

  it("the modal's siweConfig keeps the sign-in of the active network when a wallet signs several in another order", async () => {
    const [anvil, anvil2] = anvilPair(await unreachableRpcUrl())
    const signedOn: number[] = []
    const siweConfig: SIWEConfig = {
      getNonce: async () => 'n0nceN0nceN0nce1',
      createMessage: ({ nonce }) => nonce,
      verifyMessage: async () => true,
      getSession: async () => null,
      signOut: async () => true,
      onSignIn: (session) => void (session && signedOn.push(session.chainId)),
    }
    const kit = createKit({ options: { networks: [anvil, anvil2], defaultNetwork: anvil2, siweConfig } })
    await kit.ready()
    const cacaoOn = (chainId: string): Cacao => ({
      h: { t: 'caip122' },
      p: {
        iss: `did:pkh:${chainId}:${alice}`,
        domain: 'app.example.com',
        aud: 'https://app.example.com',
        version: '1',
        nonce: 'n0nceN0nceN0nce1',
        iat: new Date().toISOString(),
      },
      s: { t: 'eip191', s: '0x00' },
    })
    await kit.context.signIn?.walletConnect.accept([
      cacaoOn(anvil.caipNetworkId),
      cacaoOn(anvil2.caipNetworkId),
    ])
    expect(signedOn).toEqual([Number(anvil2.id)])
    kit.destroy()
  })

  it('lets non-EVM networks through, as AppKit does, since SIWE signs in on eip155 only', async () => {
    const siwx = fromSiweConfig(siweBackend().config)
    expect(await siwx.getSessions(solana, 'So1ana')).toMatchObject([
      { data: { chainId: solana, accountAddress: 'So1ana' } },
    ])
    await expect(siwx.createMessage({ accountAddress: 'So1ana', chainId: solana })).rejects.toMatchObject({
      code: 'UNSUPPORTED_NAMESPACE',
    })
  })

  it('reads a failing getSession as signed out, and keeps required and signOutOnDisconnect (true when left out)', async () => {
    const failing = fromSiweConfig(siweBackend({ getSession: () => Promise.reject(new Error('401')) }).config)
    expect(await failing.getSessions(hardhat, evmSigner().address)).toEqual([])
    expect(failing.getRequired?.()).toBe(true)
    expect(failing.signOutOnDisconnect).toBe(true)
    const optional = fromSiweConfig(siweBackend({ required: false, signOutOnDisconnect: false }).config)
    expect(optional.getRequired?.()).toBe(false)
    expect(optional.signOutOnDisconnect).toBe(false)
  })

  it("reads a config made by @reown/appkit-siwe's createSIWEConfig through its wrapper: the app's onSignIn, signOut, onSignOut and settings apply", async () => {
    const { config, calls, state } = siweBackend({ required: false, signOutOnDisconnect: false })
    const siwx = fromSiweConfig(appKitSiweClient(config))
    expect(siwx.getRequired?.()).toBe(false)
    expect(siwx.signOutOnDisconnect).toBe(false)
    const wallet = evmSigner()
    await signIn(siwx, wallet, hardhat)
    expect(calls.at(-1)).toBe('onSignIn 31337')
    await siwx.setSessions([])
    expect(calls.slice(-2)).toEqual(['signOut', 'onSignOut'])
    expect(state.session).toBeNull()
  })
})
