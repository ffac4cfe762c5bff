import { platformClientCrypto } from '@pairwise/crypto/platform'
import { type Session, UniversalProvider } from '@pairwise/engine'
import { IdbStorage, type KeyValueStorage } from '@pairwise/storage'
import { fetchUserOperationReceipt } from '../../api/bundler.js'
import type { ApiClient } from '../../api/client.js'
import { WalletError } from '../../controllers/errors.js'
import { urlRefusal } from '../../core/safeUrl.js'
import type { CaipNetwork, ChainNamespace } from '../../networks/types.js'
import type { Eip1193Provider } from '../types.js'
import {
  peerName,
  type WalletConnectSession,
  type WalletConnectSignIn,
  type WalletConnectSignInRequest,
  type WalletConnectTransport,
} from '../walletConnectTransport.js'
import { adoptUnprefixedItems, projectStoragePrefix } from './projectStorage.js'

export type EngineTransportOptions = {
  relayUrl: string
  projectId?: string | undefined
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined
  networks: CaipNetwork[]
  verifyUrl?: string | undefined
  storage?: KeyValueStorage
  /** The app's sign-in, when it has one: a connect then signs in in the same approval (one-click auth). */
  signIn?: () => WalletConnectSignIn | undefined
  /** The app's api: a session naming a bundler (`bundler_name`) has its call status read through it. */
  api?: ApiClient | undefined
}

/** EVM methods a dapp asks a wallet for in the proposal. */
const eip155Methods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sign',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
]

/** Solana methods a dapp asks a wallet for in the proposal (the WalletConnect Solana RPC reference). */
const solanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
]

/**
 * Bitcoin methods a dapp asks a wallet for in the proposal (WalletConnect's Bitcoin RPC reference, as
 * @pairwise/bitcoin's WalletConnect connector calls them), and the event a wallet announces new addresses by.
 */
const bip122Methods = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer']
const bip122Events = ['bip122_addressesChanged']

/**
 * The namespaces proposed for `networks`: each family the app configured, eip155, solana and bip122, with
 * the methods the modal uses there. Optional, so a wallet serving one family still connects.
 */
function proposalNamespaces(networks: CaipNetwork[], rpcMap: Record<string, string>) {
  const chainsOf = (namespace: ChainNamespace) =>
    networks.filter((n) => n.chainNamespace === namespace).map((n) => n.caipNetworkId)
  const eip155 = chainsOf('eip155')
  const solana = chainsOf('solana')
  const bip122 = chainsOf('bip122')
  return {
    ...(eip155.length
      ? {
          eip155: {
            chains: eip155,
            methods: eip155Methods,
            events: ['chainChanged', 'accountsChanged'],
            rpcMap,
          },
        }
      : {}),
    ...(solana.length ? { solana: { chains: solana, methods: solanaMethods, events: [] } } : {}),
    ...(bip122.length ? { bip122: { chains: bip122, methods: bip122Methods, events: bip122Events } } : {}),
  }
}

/**
 * Our engine's universal provider as the modal's WalletConnect transport; sessions persist in IndexedDB, under
 * keys of the instance's project (projectStoragePrefix).
 */
export async function createEngineTransport(
  options: EngineTransportOptions,
): Promise<WalletConnectTransport> {
  const eip155 = options.networks.filter((n) => n.chainNamespace === 'eip155')
  const rpcMap = Object.fromEntries(
    eip155.flatMap((n) => (n.rpcUrls.default.http[0] ? [[n.caipNetworkId, n.rpcUrls.default.http[0]]] : [])),
  )
  const api = options.api
  const storage = options.storage ?? new IdbStorage()
  const prefix = projectStoragePrefix(options.projectId)
  if (prefix) await adoptUnprefixedItems(storage, prefix)
  const provider = await UniversalProvider.init({
    relayUrl: options.relayUrl,
    ...(options.projectId ? { projectId: options.projectId } : {}),
    ...(prefix ? { customStoragePrefix: prefix } : {}),
    ...(options.metadata ? { metadata: options.metadata } : {}),
    ...(options.verifyUrl ? { verifyUrl: options.verifyUrl } : {}),
    storage,
    crypto: await platformClientCrypto(),
    rpcMap,
    ...(api ? { userOperationReceipt: (query) => fetchUserOperationReceipt(api, query) } : {}),
  })
  return {
    provider: provider as unknown as Eip1193Provider,
    request: (args, chainId) => provider.request(args, chainId),
    restore: async () => (provider.session ? sessionOf(provider.session) : undefined),
    async connect({ networks, onUri, signal }) {
      // Aborted while the engine was still loading: nothing was proposed, so nothing is withdrawn.
      signal?.throwIfAborted()
      const abort = () => void provider.abortPairingAttempt()
      signal?.addEventListener('abort', abort, { once: true })
      provider.on('display_uri', onUri)
      try {
        const signIn = options.signIn?.()
        const request = await signIn?.request(networks)
        if (signIn && request) return sessionOf(await authenticate(provider, request, signIn))
        const session = await provider.connect({ optionalNamespaces: proposalNamespaces(networks, rpcMap) })
        return sessionOf(session)
      } finally {
        provider.removeListener('display_uri', onUri)
        signal?.removeEventListener('abort', abort)
      }
    },
    disconnect: () => provider.disconnect(),
  }
}

/**
 * SIWX-08: one approval gives the session and the sign-in. The wallet's CACAOs become the app's sessions;
 * when they are refused the session is dropped too, so no connection stays without its sign-in.
 */
async function authenticate(
  provider: UniversalProvider,
  request: WalletConnectSignInRequest,
  signIn: WalletConnectSignIn,
): Promise<Session> {
  const { auths, session } = await provider.authenticate({ ...request, methods: eip155Methods })
  if (!session) throw new WalletError('CONNECTOR_ACCOUNT_NOT_FOUND')
  if (auths && auths.length > 0)
    await signIn.accept(auths).catch(async (error: unknown) => {
      await provider.disconnect().catch(() => undefined)
      throw error
    })
  return session
}

function sessionOf(session: Session): WalletConnectSession {
  const accounts = session.namespaces.eip155?.accounts ?? []
  const first = accounts[0]?.split(':')
  const addresses = [...new Set(accounts.map((a) => a.split(':')[2] ?? ''))].filter(Boolean)
  // The first icon that may be shown, and a name that may be; the adapter checks them again, as from any
  // transport (the Solana and Bitcoin adapters take them as given).
  const icon = session.peer.metadata.icons.find((url) => urlRefusal(url, 'image') === undefined)
  const granted = Object.entries(session.namespaces)
  const namespaces = Object.fromEntries(
    granted.map(([name, namespace]) => [name, namespace.accounts]),
  ) as WalletConnectSession['namespaces']
  const methods = Object.fromEntries(
    granted.map(([name, namespace]) => [name, namespace.methods]),
  ) as WalletConnectSession['methods']
  return {
    accounts: addresses,
    chainId: Number(first?.[1] ?? 0),
    namespaces,
    methods,
    peer: { name: peerName(session.peer.metadata.name), ...(icon ? { icon } : {}) },
  }
}
