export {
  type BrowserVerifyFrameOptions,
  browserVerifyFrame,
  type VerifyFrame,
  type VerifyHashes,
} from './browserFrame.js'
export {
  type FrameAnswer,
  FrameAnswerSchema,
  type FrameRegister,
  FrameRegisterSchema,
  VERIFY_FRAME_MESSAGES,
  VERIFY_FRAME_PATH,
} from './frameMessages.js'
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
