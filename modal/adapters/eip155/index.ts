export {
  Eip155Adapter,
  type Eip155AdapterOptions,
  injectedDetectionMs,
  revokeTimeoutMs,
} from './eip155Adapter.js'
