import * as z from 'zod/mini'
import { SiwxError } from './errors.js'
import { pagePlace } from './pageLocation.js'
import type { SIWEConfig, SIWESession } from './siweConfig.js'
import type { SIWXConfig, SIWXMessage, SIWXSession } from './types.js'

const EVM_CHAIN = /^eip155:(\d+)$/

const callback = z.custom<unknown>((value) => typeof value === 'function')
/**
 * What `createSIWEConfig` from `@reown/appkit-siwe` returns: the app's callbacks under `methods`, its
 * settings under `options`. The wrapper's own `signOut` goes to AppKit's controllers, never to the app.
 */
const appKitSiweClientSchema = z.object({
  methods: z.looseObject({
    getNonce: callback,
    createMessage: callback,
    verifyMessage: callback,
    getSession: callback,
    signOut: callback,
  }),
  options: z.looseObject({}),
})

/**
 * AppKit's older `siweConfig` as a SIWX config, so an existing one drops in. The SIWE config makes the
 * nonce, writes and checks the message and holds its one session; this only translates. As in AppKit,
 * SIWE signs in on EVM networks only: other networks count as signed in, and a SIWE session stands for
 * the one account and network it names (the `signOutOn…Change` options decide whether a switch signs it
 * out or it still counts). Without `getMessageParams`, the page's host and address are the domain and uri.
 * `activeChainId` reads the modal's active network (CAIP-2): of several sessions signed at once, the SIWE
 * config keeps that network's, as AppKit does; without it, or with none for that network, the first EVM one.
 */
export function fromSiweConfig(config: SIWEConfig, activeChainId?: () => string | undefined): SIWXConfig {
  const siwe = appConfig(config)
  const signOut = async () => {
    await siwe.signOut()
    siwe.onSignOut?.()
  }

  const addSession = async (session: SIWXSession) => {
    const chain = evmChain(session.data.chainId)
    if (chain === undefined) return
    const { message, signature, cacao } = session
    if (!(await siwe.verifyMessage({ message, signature, ...(cacao ? { cacao } : {}) })))
      throw new SiwxError('INVALID_SESSION', 'The sign-in session did not verify')
    await siwe.onSignIn?.({ address: session.data.accountAddress, chainId: chain })
  }

  return {
    async createMessage(input) {
      const chain = evmChain(input.chainId)
      if (chain === undefined)
        throw new SiwxError(
          'UNSUPPORTED_NAMESPACE',
          `A SIWE config signs in on eip155 networks, not ${input.chainId}`,
        )
      const { chains: _chains, methods: _methods, ...params } = (await siwe.getMessageParams?.()) ?? {}
      const place =
        params.domain && params.uri ? { domain: params.domain, uri: params.uri } : pagePlace(params)
      const nonce = await siwe.getNonce(input.accountAddress)
      if (!nonce) throw new SiwxError('INVALID_RESPONSE', 'The SIWE config gave no nonce')
      const issuedAt = params.iat ?? new Date().toISOString()
      const notBefore = input.notBefore ?? params.nbf
      const text = siwe.createMessage({
        ...params,
        ...place,
        ...(notBefore ? { nbf: notBefore } : {}),
        chainId: chain,
        address: `did:pkh:${input.chainId}:${input.accountAddress}`,
        nonce,
        version: '1',
        iat: issuedAt,
      })
      const message: SIWXMessage = {
        accountAddress: input.accountAddress,
        chainId: input.chainId,
        ...place,
        version: '1',
        nonce,
        issuedAt,
        ...(params.statement ? { statement: params.statement } : {}),
        ...(params.resources?.length ? { resources: params.resources } : {}),
        ...(params.requestId ? { requestId: params.requestId } : {}),
        ...(params.exp ? { expirationTime: params.exp } : {}),
        ...(notBefore ? { notBefore } : {}),
        toString: () => text,
      }
      return message
    },

    addSession,

    async revokeSession(chainId, address) {
      const session = await currentSession(siwe)
      if (session && isFor(session, chainId, address)) await signOut()
    },

    async setSessions(sessions) {
      if (sessions.length === 0) return signOut()
      // A SIWE config holds one session, which stands for them all.
      const evm = sessions.filter((session) => evmChain(session.data.chainId) !== undefined)
      const active = activeChainId?.()
      const kept = evm.find((session) => session.data.chainId === active) ?? evm[0]
      if (kept) await addSession(kept)
    },

    async getSessions(chainId, address) {
      if (evmChain(chainId) === undefined) return [accountOnly(chainId, address)]
      const session = await currentSession(siwe)
      if (!session) return []
      const sessionChain = `eip155:${session.chainId}`
      const otherNetwork = (siwe.signOutOnNetworkChange ?? true) && sessionChain !== chainId
      const otherAccount =
        (siwe.signOutOnAccountChange ?? true) && session.address.toLowerCase() !== address.toLowerCase()
      if (!(otherNetwork || otherAccount)) return [accountOnly(sessionChain, session.address)]
      // AppKit signs the SIWE session out once the wallet leaves its network or account, so the app's
      // backend and onSignOut never hold a sign-in for a pair the wallet no longer shows. The flow looks
      // up every new pair, which makes this the place that sees the switch.
      await signOut().catch(() => undefined)
      return []
    },

    getRequired: () => siwe.required ?? true,
    signOutOnDisconnect: siwe.signOutOnDisconnect ?? true,
  }
}

/**
 * The app's own SIWE config: an app that kept `createSIWEConfig` from `@reown/appkit-siwe` hands over its
 * wrapper, whose members would skip the app's `signOut`, `onSignIn`, `onSignOut` and settings.
 */
function appConfig(config: SIWEConfig): SIWEConfig {
  const client = z.safeParse(appKitSiweClientSchema, config)
  // The schema checked the callbacks a SIWE config must have; the rest are AppKit's optional members.
  return client.success ? ({ ...client.data.methods, ...client.data.options } as SIWEConfig) : config
}

function evmChain(chainId: string): number | undefined {
  const match = EVM_CHAIN.exec(chainId)
  return match ? Number(match[1]) : undefined
}

/** The SIWE config's session, or none when it has none, names no account or chain, or fails to answer. */
async function currentSession(siwe: SIWEConfig): Promise<SIWESession | undefined> {
  try {
    const session = await siwe.getSession()
    return session?.address && session.chainId ? session : undefined
  } catch {
    // A SIWE backend commonly answers "no session" with an error status; AppKit reads that as signed out.
    return undefined
  }
}

function isFor(session: SIWESession, chainId: string, address: string): boolean {
  return `eip155:${session.chainId}` === chainId && session.address.toLowerCase() === address.toLowerCase()
}

/**
 * A SIWE session knows only its account and network: the message and signature stay with the SIWE
 * backend, so the session the modal sees carries those two and empty texts.
 */
function accountOnly(chainId: string, address: string): SIWXSession {
  return {
    data: { accountAddress: address, chainId, domain: '', uri: '', version: '1', nonce: '' },
    message: '',
    signature: '',
  }
}
