export { httpVerifyResolver } from './http.js'
export {
  resolveVerifyContext,
  type VerifyAnswer,
  type VerifyQuery,
  type VerifyResolver,
} from './resolve.js'
