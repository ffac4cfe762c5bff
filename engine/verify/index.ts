export { type HttpVerifyResolverOptions, httpVerifyResolver } from './http.js'
export {
  DEFAULT_REGISTER_TIMEOUT_MS,
  type OutgoingMessage,
  type VerifyRegistrar,
  type VerifyRegistrarOptions,
  verifyRegistrar,
} from './register.js'
export {
  resolveVerifyContext,
  type VerifyAnswer,
  type VerifyQuery,
  type VerifyResolver,
} from './resolve.js'
