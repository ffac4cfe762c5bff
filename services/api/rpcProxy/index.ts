export { HttpUpstream, type HttpUpstreamOptions, type RpcUpstream } from './httpUpstream.js'
export { type JsonRpcCall, jsonRpcBodySchema, maxBatchCalls } from './jsonRpc.js'
export { pendingCallsPerClient } from './pendingCallsPerClient.js'
export { type RpcProxyOptions, type RpcRateLimits, rpcProxyRoutes } from './routes.js'
export {
  DEFAULT_MAX_PENDING_CALLS,
  UpstreamBatcher,
  type UpstreamBatcherOptions,
} from './upstreamBatcher.js'
export { UpstreamError, type UpstreamFailure } from './upstreamError.js'
