import type { BatchFetchMessagesParams, FetchMessagesParams } from '../../protocol/index.js'
import { checkBatchSize } from './checks.js'
import { type Handler, success } from './context.js'

/**
 * irn_fetchMessages: the caller's undelivered messages, counted as delivered once returned, so that a
 * client calling again while `hasMore` pages through the mailbox.
 */
export const handleFetchMessages: Handler<FetchMessagesParams> = async (context, { topic }) =>
  success(await context.fetch([topic]))

export const handleBatchFetchMessages: Handler<BatchFetchMessagesParams> = async (context, { topics }) =>
  checkBatchSize(context, topics.length) ?? success(await context.fetch(topics))
