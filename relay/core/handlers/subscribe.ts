import type { BatchSubscribeParams, SubscribeParams } from '../../protocol/index.js'
import type { HandlerContext } from '../connection.js'
import { checkTopicBudget } from './checks.js'
import { type Handler, type HandlerOutcome, success } from './context.js'

/** irn_subscribe: answer the subscription id, then push what the mailbox holds for the caller. */
export const handleSubscribe: Handler<SubscribeParams> = async (context, { topic }) => {
  const outcome = await subscribeAll(context, [topic])
  return outcome.ok ? { ...outcome, result: context.connection.subscriptionId(topic) } : outcome
}

/** irn_batchSubscribe: sent after every reconnect for all known topics; pushes stored messages too. */
export const handleBatchSubscribe: Handler<BatchSubscribeParams> = (context, { topics }) =>
  subscribeAll(context, topics)

async function subscribeAll(context: HandlerContext, topics: string[]): Promise<HandlerOutcome> {
  const refused = checkTopicBudget(context, topics)
  if (refused) return refused
  await context.subscribe(topics)
  const ids = topics.map((topic) => context.connection.subscriptionId(topic))
  return success(ids, () => context.pushUndelivered(topics))
}
