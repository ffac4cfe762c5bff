import {
  type BatchFetchMessagesParams,
  type FetchMessagesParams,
  receivedMessage,
} from '../../protocol/index.js'
import type { FetchedPage, HandlerContext } from '../connection.js'
import { type Handler, type HandlerOutcome, success } from './context.js'

/**
 * irn_fetchMessages: the caller's undelivered messages, counted as delivered once the answer holding them
 * went to its socket, so that a client calling again while `hasMore` pages through the mailbox.
 */
export const handleFetchMessages: Handler<FetchMessagesParams> = async (context, { topic }) =>
  answerPage(context, await context.fetch([topic]))

export const handleBatchFetchMessages: Handler<BatchFetchMessagesParams> = async (context, { topics }) =>
  answerPage(context, await context.fetch(topics))

/** A page whose answer found its socket closed, or closing, is left for the next fetch. */
function answerPage(context: HandlerContext, { messages, hasMore }: FetchedPage): HandlerOutcome {
  return success({ messages: messages.map(receivedMessage), hasMore }, (answered) =>
    answered ? context.markDelivered(messages) : undefined,
  )
}
