import type { EngineContext } from '../context.js'
import { isOutOfSync } from '../jsonrpc/index.js'
import type { LastApplied, Session } from '../schemas/index.js'

/** What a peer's message changes on a session; each kind is ordered on its own, each event by its name. */
export type AppliedKind = 'update' | 'extend' | { event: string }

function lastOf(applied: LastApplied | undefined, kind: AppliedKind): number | undefined {
  if (kind === 'update') return applied?.update
  if (kind === 'extend') return applied?.extend
  return applied?.events?.[kind.event] ?? applied?.eventsFloor
}

/**
 * Whether the peer's message `id` is no newer than the last of its kind the session applied: that very
 * message again, or one made before it. Ids are ordered by the time in them, as the official clients order
 * them: the three random digits carry no order, so another id of the same millisecond is not older. Read
 * from the session record, so a restart does not forget it.
 */
export function isStale(session: Session, kind: AppliedKind, id: number): boolean {
  const last = lastOf(session.lastApplied, kind)
  return last !== undefined && (id === last || isOutOfSync(last, id))
}

/** Records `id` as the last of its kind the session applied, in one write with `change`, what it changed. */
export function markApplied(
  ctx: EngineContext,
  topic: string,
  kind: AppliedKind,
  id: number,
  change: Partial<Session> = {},
): Promise<void> {
  const session = ctx.stores.sessions.get(topic)
  const applied = session.lastApplied ?? {}
  const lastApplied: LastApplied =
    kind === 'update'
      ? { ...applied, update: id }
      : kind === 'extend'
        ? { ...applied, extend: id }
        : withEvent(session, applied, kind.event, id)
  return ctx.stores.sessions.update(topic, { ...change, lastApplied })
}

/**
 * The record with event `name` applied as `id`. Ids are kept for the events the namespaces still name (an event must be named there to
 * be applied, so a peer cannot grow the record by sending names), the others folded into one floor: a name
 * dropped by an update and named again by a later one still refuses the old events the relay held back.
 */
function withEvent(session: Session, applied: LastApplied, name: string, id: number): LastApplied {
  const named = new Set(Object.values(session.namespaces).flatMap((namespace) => namespace.events))
  const entries = Object.entries(applied.events ?? {})
  const dropped = entries.filter(([event]) => !named.has(event)).map(([, last]) => last)
  const floor = dropped.length === 0 ? applied.eventsFloor : Math.max(applied.eventsFloor ?? 0, ...dropped)
  return {
    ...applied,
    events: { ...Object.fromEntries(entries.filter(([event]) => named.has(event))), [name]: id },
    ...(floor === undefined ? {} : { eventsFloor: floor }),
  }
}
