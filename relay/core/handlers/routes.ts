import { describeIssues, type Eventually } from '@pairwise/common'
import type * as v from '@pairwise/common/schema'
import {
  type ClientMethod,
  type ClientMethodParams,
  RelayErrorCode,
  RelayMethod,
  RelayParamsSchemas,
  readCommonPublishParams,
  readCommonSubscribeParams,
} from '../../protocol/index.js'
import type { HandlerContext } from '../connection.js'
import { checkBatchSize } from './checks.js'
import { failure, type Handler, type HandlerOutcome } from './context.js'
import { handleBatchFetchMessages, handleFetchMessages } from './fetchMessages.js'
import { handleBatchPublish, handlePublish } from './publish.js'
import { handleApproveSession, handleProposeSession } from './sessionCalls.js'
import { handleBatchSubscribe, handleSubscribe } from './subscribe.js'
import { handleBatchUnsubscribe, handleUnsubscribe } from './unsubscribe.js'

/** A method's params checked against its schema, then handed to its handler. */
export type Route = (context: HandlerContext, params: unknown) => Eventually<HandlerOutcome>

/** Reads params in their usual shape faster than the schema, with the same result; undefined when unsure. */
type CommonReader<Params> = (params: unknown) => Params | undefined

/**
 * How a route reads its params besides the schema: `common`, faster for their usual shape; `batch`, the
 * param holding a batch's entries, counted against maxBatchSize before any entry is judged. The schema
 * judges every entry and costs more than their count, so a frame of a few hundred thousand entries, well
 * within the frame cap, held the whole process for seconds before its size was checked.
 */
type Readers<Params> = { common?: CommonReader<Params>; batch?: keyof Params & string }

// Each method's schema, typed so that indexing it by a method type gives that method's params.
const paramsSchemas: { [Method in ClientMethod]: v.Schema<ClientMethodParams<Method>> } = RelayParamsSchemas

function route<Method extends ClientMethod>(
  method: Method,
  handle: Handler<ClientMethodParams<Method>>,
  { common, batch }: Readers<ClientMethodParams<Method>> = {},
): Route {
  const schema = paramsSchemas[method]
  return (context, params) => {
    const read = common?.(params)
    if (read) return handle(context, read)
    const count = batch === undefined ? undefined : entryCount(params, batch)
    const tooMany = count === undefined ? undefined : checkBatchSize(context, count)
    if (tooMany) return tooMany
    const parsed = schema.safeParse(params)
    if (!parsed.success)
      return failure(
        RelayErrorCode.invalidParams,
        `Invalid params for ${method}: ${describeIssues(parsed.error)}`,
      )
    return handle(context, parsed.data)
  }
}

/** How many entries `params[key]` holds, when it is an array. */
function entryCount(params: unknown, key: string): number | undefined {
  if (typeof params !== 'object' || params === null) return undefined
  const entries: unknown = (params as Record<string, unknown>)[key]
  return Array.isArray(entries) ? entries.length : undefined
}

export const routes: Record<ClientMethod, Route> = {
  [RelayMethod.publish]: route(RelayMethod.publish, handlePublish, { common: readCommonPublishParams }),
  [RelayMethod.batchPublish]: route(RelayMethod.batchPublish, handleBatchPublish, { batch: 'messages' }),
  [RelayMethod.subscribe]: route(RelayMethod.subscribe, handleSubscribe, {
    common: readCommonSubscribeParams,
  }),
  [RelayMethod.batchSubscribe]: route(RelayMethod.batchSubscribe, handleBatchSubscribe, { batch: 'topics' }),
  [RelayMethod.unsubscribe]: route(RelayMethod.unsubscribe, handleUnsubscribe),
  [RelayMethod.batchUnsubscribe]: route(RelayMethod.batchUnsubscribe, handleBatchUnsubscribe, {
    batch: 'subscriptions',
  }),
  [RelayMethod.fetchMessages]: route(RelayMethod.fetchMessages, handleFetchMessages),
  [RelayMethod.batchFetchMessages]: route(RelayMethod.batchFetchMessages, handleBatchFetchMessages, {
    batch: 'topics',
  }),
  [RelayMethod.proposeSession]: route(RelayMethod.proposeSession, handleProposeSession),
  [RelayMethod.approveSession]: route(RelayMethod.approveSession, handleApproveSession),
}
