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

// Each method's schema, typed so that indexing it by a method type gives that method's params.
const paramsSchemas: { [Method in ClientMethod]: v.Schema<ClientMethodParams<Method>> } = RelayParamsSchemas

function route<Method extends ClientMethod>(
  method: Method,
  handle: Handler<ClientMethodParams<Method>>,
  readCommon?: CommonReader<ClientMethodParams<Method>>,
): Route {
  const schema = paramsSchemas[method]
  return (context, params) => {
    const common = readCommon?.(params)
    if (common) return handle(context, common)
    const parsed = schema.safeParse(params)
    if (!parsed.success)
      return failure(
        RelayErrorCode.invalidParams,
        `Invalid params for ${method}: ${describeIssues(parsed.error)}`,
      )
    return handle(context, parsed.data)
  }
}

export const routes: Record<ClientMethod, Route> = {
  [RelayMethod.publish]: route(RelayMethod.publish, handlePublish, readCommonPublishParams),
  [RelayMethod.batchPublish]: route(RelayMethod.batchPublish, handleBatchPublish),
  [RelayMethod.subscribe]: route(RelayMethod.subscribe, handleSubscribe, readCommonSubscribeParams),
  [RelayMethod.batchSubscribe]: route(RelayMethod.batchSubscribe, handleBatchSubscribe),
  [RelayMethod.unsubscribe]: route(RelayMethod.unsubscribe, handleUnsubscribe),
  [RelayMethod.batchUnsubscribe]: route(RelayMethod.batchUnsubscribe, handleBatchUnsubscribe),
  [RelayMethod.fetchMessages]: route(RelayMethod.fetchMessages, handleFetchMessages),
  [RelayMethod.batchFetchMessages]: route(RelayMethod.batchFetchMessages, handleBatchFetchMessages),
  [RelayMethod.proposeSession]: route(RelayMethod.proposeSession, handleProposeSession),
  [RelayMethod.approveSession]: route(RelayMethod.approveSession, handleApproveSession),
}
