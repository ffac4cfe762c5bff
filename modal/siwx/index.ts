export { formatSiwxMessage, parseSiwxMessage, SiwxMessageError } from '@pairwise/engine/siwx'
export { type SiwxClientCode, SiwxError } from './errors.js'
export { fromSiweConfig } from './fromSiweConfig.js'
export { type LocalSIWXOptions, localSIWX } from './localSIWX.js'
export type { SiwxMessageOptions } from './message.js'
export type { SiwxSignedIn } from './serverApi.js'
export { type ServerSIWX, type ServerSIWXOptions, serverSIWX } from './serverSIWX.js'
export { SIWX_STORAGE_KEY } from './sessionStore.js'
export type {
  SIWEConfig,
  SIWECreateMessageArgs,
  SIWEMessageArgs,
  SIWESession,
  SIWEVerifyMessageArgs,
} from './siweConfig.js'
export type { SIWXConfig, SIWXMessage, SIWXMessageData, SIWXMessageInput, SIWXSession } from './types.js'
export type { SiwxSignatureCheck, SiwxSignatureInput } from './verifySignature.js'
