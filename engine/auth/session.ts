import type { EngineContext } from '../context.js'
import { chainOfAccount, namespaceOfKey } from '../namespaces/index.js'
import { updatePairingMetadata } from '../pairing/activate.js'
import type { Cacao, Session, SessionNamespaces } from '../schemas/index.js'
import { topicTarget } from '../store/expirer.js'
import { calcExpiry, SEVEN_DAYS } from '../time.js'
import { storeSharedKey } from '../transport/keys.js'
import { didAddress, didChainId } from './did.js'
import { decodeRecap, recapChains, recapFromResources, recapMethods } from './recap.js'

/**
 * What signed CACAOs grant: the methods their recaps name, for the issuer's address on the issuer's chain
 * and on every chain the recaps list. No methods means no session, only the sign-in.
 */
export function namespacesFromCacaos(cacaos: readonly Cacao[]): SessionNamespaces | undefined {
  const methods = new Set<string>()
  const accounts = new Set<string>()
  for (const { p } of cacaos) {
    const address = didAddress(p.iss)
    const chains = [didChainId(p.iss)]
    const recap = recapFromResources(p.resources)
    if (recap) {
      const decoded = decodeRecap(recap)
      for (const method of recapMethods(decoded)) methods.add(method)
      chains.push(...recapChains(decoded))
    }
    for (const chain of chains) if (chain && address) accounts.add(`${chain}:${address}`)
  }
  if (methods.size === 0) return undefined
  const namespaces: SessionNamespaces = {}
  for (const account of accounts) {
    const namespace = namespaceOfKey(account)
    const entry = namespaces[namespace] ?? {
      chains: [],
      accounts: [],
      methods: [...methods],
      events: ['chainChanged', 'accountsChanged'],
    }
    const chain = chainOfAccount(account)
    if (!entry.chains?.includes(chain)) entry.chains?.push(chain)
    entry.accounts.push(account)
    namespaces[namespace] = entry
  }
  return namespaces
}

/**
 * The session a sign-in grants, on the key both sides derive from the answer's key pair: stored,
 * subscribed and armed to expire. Undefined, with nothing stored, when the CACAOs grant no methods.
 */
export async function storeSignInSession(
  ctx: EngineContext,
  signIn: { pairingTopic: string; selfPublicKey: string; peer: Session['peer']; controller: string },
  cacaos: Cacao[],
): Promise<Session | undefined> {
  const namespaces = namespacesFromCacaos(cacaos)
  if (namespaces === undefined) return undefined
  const { pairingTopic, selfPublicKey, peer, controller } = signIn
  const topic = await storeSharedKey(ctx, selfPublicKey, peer.publicKey)
  const session: Session = {
    topic,
    pairingTopic,
    relay: { protocol: 'irn' },
    expiry: calcExpiry(ctx.clock, SEVEN_DAYS),
    acknowledged: true,
    controller,
    namespaces,
    requiredNamespaces: {},
    optionalNamespaces: {},
    self: { publicKey: selfPublicKey, metadata: ctx.metadata },
    peer,
    transportType: 'relay',
    authentication: cacaos,
  }
  await ctx.relay.subscribe(topic)
  await ctx.stores.sessions.set(topic, session)
  await ctx.expirer.set(topicTarget(topic), session.expiry)
  await updatePairingMetadata(ctx, pairingTopic, peer.metadata)
  return session
}
