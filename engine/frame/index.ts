export * from './constants.js'
export {
  chainReadMethods,
  type FrameMethodKind,
  frameMethodKind,
  safeFrameMethods,
  unsafeFrameMethods,
} from './methods.js'
export * from './schemas.js'
