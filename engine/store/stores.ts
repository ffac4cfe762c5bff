import type { Parses } from '@pairwise/common'
import { type KeyValueStorage, type ReportProblem, storageKey, TypedStore } from '@pairwise/storage'
import {
  type AuthRequest,
  AuthRequestSchema,
  type HistoryRecord,
  HistoryRecordSchema,
  type Pairing,
  PairingSchema,
  type PendingRequest,
  PendingRequestSchema,
  type Proposal,
  ProposalSchema,
  type ReceivedRequests,
  ReceivedRequestsSchema,
  type Session,
  SessionSchema,
} from '../schemas/index.js'
import { Keychain } from './keychain.js'

export type EngineStores = {
  keychain: Keychain
  pairings: TypedStore<Pairing>
  proposals: TypedStore<Proposal>
  sessions: TypedStore<Session>
  pendingRequests: TypedStore<PendingRequest>
  authRequests: TypedStore<AuthRequest>
  /** Requests we sent and still expect answers to. */
  history: TypedStore<HistoryRecord>
  /** Ids of the requests peers sent, per topic, against replay. */
  received: TypedStore<ReceivedRequests>
}

export type StoreOptions = {
  storage: KeyValueStorage
  customStoragePrefix?: string
  onProblem?: ReportProblem
}

/** The storage key a store lives under, named as the official client names it. */
export function engineStorageKey(options: StoreOptions, context: 'core' | 'client', name: string): string {
  return storageKey({ context, name, customPrefix: options.customStoragePrefix })
}

export function createStores(options: StoreOptions): EngineStores {
  const { storage, onProblem } = options
  const typed = <V>(
    context: 'core' | 'client',
    name: string,
    schema: Parses<V>,
    keyOf: (value: V) => string,
    report = onProblem,
  ): TypedStore<V> =>
    new TypedStore<V>({
      storage,
      storageKey: engineStorageKey(options, context, name),
      name,
      schema,
      keyOf,
      onProblem: report,
    })
  const keychain = new Keychain({
    storage,
    storageKey: engineStorageKey(options, 'core', 'keychain'),
    onProblem,
  })
  return {
    keychain,
    pairings: typed<Pairing>('core', 'pairing', PairingSchema, (pairing) => pairing.topic),
    proposals: typed<Proposal>('client', 'proposal', ProposalSchema, (proposal) => String(proposal.id)),
    // A session dropped as corrupt takes the key under its topic along: nothing could use or end it now.
    // Its entry is `<store key>/<topic>` (or the store key itself, for an old list, which names no topic).
    sessions: typed<Session>(
      'client',
      'session',
      SessionSchema,
      (session) => session.topic,
      (problem) => {
        onProblem?.(problem)
        const topic = problem.key.slice(engineStorageKey(options, 'client', 'session').length + 1)
        keychain.delete(topic).catch(() => {})
      },
    ),
    pendingRequests: typed<PendingRequest>('client', 'pendingRequest', PendingRequestSchema, (request) =>
      String(request.id),
    ),
    authRequests: typed<AuthRequest>('client', 'authRequest', AuthRequestSchema, (request) =>
      String(request.id),
    ),
    history: typed<HistoryRecord>('core', 'history', HistoryRecordSchema, (record) => String(record.id)),
    received: typed<ReceivedRequests>('core', 'received', ReceivedRequestsSchema, (record) => record.topic),
  }
}

/** Loads every store; the keychain first, so that a corrupt session's key is dropped as sessions load. */
export async function initStores(stores: EngineStores): Promise<void> {
  await stores.keychain.init()
  await Promise.all(Object.values(stores).map((store) => store.init()))
}
