export {
  type ClassifiedPayload,
  classifyPayload,
  ErrorResponseSchema,
  JsonRpcErrorSchema,
  JsonRpcRequestSchema,
  JsonRpcResultSchema,
} from './classify.js'
export {
  formatError,
  formatRequest,
  formatResult,
  isOutOfSync,
  type JsonRpcError,
  type JsonRpcPayload,
  type JsonRpcRequest,
  type JsonRpcResponse,
  type JsonRpcResult,
  payloadId,
  payloadIdTime,
} from './payload.js'
