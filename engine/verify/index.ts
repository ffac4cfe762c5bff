export { type HttpVerifyResolverOptions, httpVerifyResolver } from './http.js'
export {
  resolveVerifyContext,
  type VerifyAnswer,
  type VerifyQuery,
  type VerifyResolver,
} from './resolve.js'
