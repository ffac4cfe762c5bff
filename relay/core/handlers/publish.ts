import { andThen, type Eventually } from '@pairwise/common'
import type { BatchPublishParams, PublishParams } from '../../protocol/index.js'
import type { HandlerContext } from '../connection.js'
import { checkEnvelopes, checkRate } from './checks.js'
import { type Handler, type HandlerOutcome, stored } from './context.js'
import { storedEnvelope } from './envelope.js'

/**
 * irn_publish: store for `ttl`, ack with `true`, then fan out to every subscriber but the publisher; a
 * full mailbox is answered with `mailboxFull` and nothing is acked.
 */
export const handlePublish: Handler<PublishParams> = (context, params) => publishAll(context, [params])

/**
 * irn_batchPublish: all or nothing for the limits (its size was checked by its route); each message then
 * goes as if published alone.
 */
export const handleBatchPublish: Handler<BatchPublishParams> = (context, { messages }) =>
  publishAll(context, messages)

function publishAll(context: HandlerContext, entries: PublishParams[]): Eventually<HandlerOutcome> {
  const refused = checkEnvelopes(context, entries) ?? checkRate(context, entries)
  if (refused) return refused
  return andThen(context.store(entries.map((entry) => storedEnvelope(context, entry))), (outcome) =>
    stored(outcome, () => context.distribute(outcome)),
  )
}
