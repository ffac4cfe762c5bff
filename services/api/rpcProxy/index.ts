export { HttpUpstream, type HttpUpstreamOptions, type RpcUpstream, UpstreamError } from './httpUpstream.js'
export { type JsonRpcCall, jsonRpcBodySchema, maxBatchCalls } from './jsonRpc.js'
export { ProjectRateLimiter, type RpcRateLimits } from './projectRateLimiter.js'
export { type RpcProxyOptions, rpcProxyRoutes } from './rpcProxyRoutes.js'
