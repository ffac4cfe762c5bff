import type { BatchUnsubscribeParams, UnsubscribeParams } from '../../protocol/index.js'
import { type Handler, success } from './context.js'

/** irn_unsubscribe: subscriptions are keyed by topic, so the client's subscription id is not needed. */
export const handleUnsubscribe: Handler<UnsubscribeParams> = async (context, { topic }) => {
  await context.unsubscribe([topic])
  return success(true)
}

export const handleBatchUnsubscribe: Handler<BatchUnsubscribeParams> = async (context, { subscriptions }) => {
  await context.unsubscribe(subscriptions.map(({ topic }) => topic))
  return success(true)
}
