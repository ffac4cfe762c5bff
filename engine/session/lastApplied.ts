import type { EngineContext } from '../context.js'
import { isOutOfSync } from '../jsonrpc/index.js'
import type { LastApplied, Session } from '../schemas/index.js'

/** What a peer's message changes on a session; each kind is ordered on its own, each event by its name. */
export type AppliedKind = 'update' | 'extend' | { event: string }

function lastOf(applied: LastApplied | undefined, kind: AppliedKind): number | undefined {
  if (kind === 'update') return applied?.update
  if (kind === 'extend') return applied?.extend
  return applied?.events?.[kind.event]
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
        : { ...applied, events: { ...namedEvents(session, applied.events), [kind.event]: id } }
  return ctx.stores.sessions.update(topic, { ...change, lastApplied })
}

/**
 * The event ids kept for the events the session's namespaces still name: an event must be named there to
 * be applied, so a peer cannot grow the record by sending names.
 */
function namedEvents(session: Session, events: Record<string, number> = {}): Record<string, number> {
  const named = new Set(Object.values(session.namespaces).flatMap((namespace) => namespace.events))
  return Object.fromEntries(Object.entries(events).filter(([name]) => named.has(name)))
}
