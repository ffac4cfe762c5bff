// The embedded wallet's host side; the modal imports this lazily, only when email or socials are on.
export { chainIdHex } from '../networks/chainIdHex.js'
export {
  createEmbeddedWallet,
  type EmbeddedStart,
  type EmbeddedWallet,
  type EmbeddedWalletOptions,
} from './embeddedWallet.js'
export { type EmbeddedWalletSwitches, embeddedWalletEnabled } from './enabled.js'
export { type AccountType, FrameCache } from './frameCache.js'
export { frameCacheKeys, frameCachePrefix } from './frameCacheKeys.js'
export { FrameChannel, type FrameRequestOptions, type FrameTimeoutReason } from './frameChannel.js'
export {
  type DappData,
  type FrameChainId,
  FrameClient,
  type RpcRequest,
  type ThemeSync,
} from './frameClient.js'
export {
  createFrameElement,
  type FrameDocument,
  type FrameElement,
  type FrameIframe,
  type FrameRect,
  frameSrc,
} from './frameElement.js'
export { FrameError, frameErrorTexts } from './frameError.js'
export { createFrameProvider, type FrameProvider, type FrameProviderOptions } from './frameProvider.js'
export { emailInText, shortEmail, visibleEmail } from './shortEmail.js'
