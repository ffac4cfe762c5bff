import type { BatchPublishParams, PublishParams } from '../../../protocol/index.js'
import { checkBatchSize, checkEnvelopes, checkRate } from './checks.js'
import { type Handler, type HandlerContext, type HandlerOutcome, success } from './context.js'
import { storedEnvelope } from './envelope.js'

/** irn_publish: store for `ttl`, ack with `true`, then fan out to every subscriber but the publisher. */
export const handlePublish: Handler<PublishParams> = (context, params) => publishAll(context, [params])

/** irn_batchPublish: all or nothing for the limits; each message then goes as if published alone. */
export const handleBatchPublish: Handler<BatchPublishParams> = async (context, { messages }) =>
  checkBatchSize(context, messages.length) ?? publishAll(context, messages)

async function publishAll(context: HandlerContext, entries: PublishParams[]): Promise<HandlerOutcome> {
  const refused = checkEnvelopes(context, entries) ?? checkRate(context, entries.length)
  if (refused) return refused
  const fresh = await context.store(entries.map((entry) => storedEnvelope(context, entry)))
  return success(true, () => context.distribute(fresh))
}
