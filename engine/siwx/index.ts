export { siwxChainReference, siwxNamespace } from './chainReference.js'
export { SiwxMessageError } from './errors.js'
export { formatSiwxMessage } from './format.js'
export { matchSiwxMessage } from './match.js'
export { parseSiwxMessage } from './parse.js'
export {
  type SIWXMessage,
  type SIWXMessageData,
  type SIWXSession,
  type SignInFields,
  type SiwxFrameMessage,
  type SiwxNamespace,
  siwxFrameMessageSchema,
  siwxMessageDataSchema,
  siwxSessionSchema,
} from './types.js'
