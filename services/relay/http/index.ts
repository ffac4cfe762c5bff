export { allowedHosts, checkHost, type HostCheck, listenCheckingHost } from './hostCheck.js'
export { codeOf, HttpError } from './httpError.js'
export { listen } from './listen.js'
export { checkRequestTarget, decodePath, MAX_TARGET_LENGTH, requestTarget } from './requestTarget.js'
export {
  createSafeServer,
  type RequestHandler,
  refuseUpgrade,
  type SafeServerOptions,
  safeUpgrade,
  type UpgradeHandler,
} from './safeServer.js'
export {
  clientAddress,
  normalizeAddress,
  noTrustedProxies,
  parseTrustedProxies,
  TRUST_PROXY_ENV,
  type TrustedProxies,
} from './trustProxy.js'
