export * from './constants.js'
export { type FrameMethodKind, frameMethodKind, safeFrameMethods, unsafeFrameMethods } from './methods.js'
export * from './schemas.js'
