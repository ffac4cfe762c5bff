import type { Listener } from '@pairwise/common'
import type { RelayClient, RelayClientEvents } from '@pairwise/relay'

/** The relay events an integrator may watch: the socket opening and closing. */
export type RelayConnectionEvents = Pick<RelayClientEvents, 'connect' | 'disconnect'>

/**
 * The client's relay connection, to observe only: nothing here publishes, subscribes or closes, so an
 * app cannot put the engine's view of its topics out of step with the relay's.
 */
export type RelayConnectionView = {
  /** The did:key of the client's signing key: its identity on the relay (also `core.clientId`). */
  readonly clientId: string
  /** Whether the socket is open now; false while the client waits to reconnect. */
  readonly connected: boolean
  /** The topics the client is subscribed to (pairings, sessions, pending answers), a fresh copy per read. */
  readonly topics: readonly string[]
  /**
   * Calls `listener` when the socket opens (`{ reconnect }`, false only the first time) or closes
   * (`{ code, reason }`); returns the function that stops it.
   */
  on<Name extends keyof RelayConnectionEvents>(
    event: Name,
    listener: Listener<RelayConnectionEvents[Name]>,
  ): () => void
}

/**
 * What `SignClient.engine` shows: the engine's state an integrator may legitimately watch, frozen. The
 * official client's `engine` offers the client's own methods again, which ours has on the client; the
 * stores, pending calls and timers stay inside the engine.
 */
export type EngineView = {
  readonly relay: RelayConnectionView
}

/** The view of one engine, built once when its client starts. */
export function createEngineView(relay: RelayClient): EngineView {
  const connection: RelayConnectionView = {
    get clientId() {
      return relay.clientId
    },
    get connected() {
      return relay.connected
    },
    get topics() {
      return Object.freeze(relay.topics)
    },
    on: (event, listener) => relay.on(event, listener),
  }
  return Object.freeze({ relay: Object.freeze(connection) })
}
