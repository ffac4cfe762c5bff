/**
 * The server kit every service is built on: the safe HTTP server and `serve` (listen, URL, graceful
 * close), the `Host` and request-target checks, trusted proxies and the key a client is counted under, and one `HttpError` with one code list.
 * Amounts per key within fixed windows (`WindowBudget`). Stopping what a start made, every part even past a failed one (`stopEvery`). The numbers operators write in flags and env (`parseOperatorNumber`). It imports no other service. Metrics (`GET /metrics`): the registry, request metrics and who may read them.
 */

export { bearerToken, carriesBearer, secretDigest } from './bearerToken.js'
export { cappedBody } from './cappedBody.js'
export { clientKey } from './clientKey.js'
export { honoListener } from './honoListener.js'
export { allowedHosts, boundHostCheck, checkHost, type HostCheck, listenCheckingHost } from './hostCheck.js'
export { escapeHtml, formPage, formPageHeaders, pageHeaders } from './htmlPage.js'
export { codeOf, HttpError, type HttpErrorCode, httpErrorCodes } from './httpError.js'
export { type HttpMetrics, honoMetrics, httpMetrics, mountMetrics, UNMATCHED_ROUTE } from './httpMetrics.js'
export { keptOnSuccess } from './keptOnSuccess.js'
export { closeServer, hostInUrl, listen, serverUrl } from './listen.js'
export { mapConcurrently } from './mapConcurrently.js'
export { type Counter, type Histogram, MetricsRegistry, type Sample } from './metrics.js'
export {
  answerMetrics,
  METRICS_ENV,
  METRICS_TOKEN_ENV,
  type MetricsAccess,
  type MetricsAnswer,
  metricsAccessOf,
} from './metricsAccess.js'
export {
  type OperatorNumberRange,
  operatorNumber,
  parseOperatorNumber,
  portNumber,
} from './operatorNumber.js'
export {
  healthRoutes,
  READINESS_TIMEOUT_MS,
  type ReadinessAnswer,
  type ReadinessChecks,
  readiness,
  readyRoute,
} from './readiness.js'
export { logRequest, type RequestLogger, requestLog } from './requestLog.js'
export { checkRequestTarget, decodePath, MAX_TARGET_LENGTH, requestTarget } from './requestTarget.js'
export { whenResponseGone } from './responseGone.js'
export {
  createSafeServer,
  type RequestHandler,
  refuseUpgrade,
  type SafeServerOptions,
  safeUpgrade,
  type UpgradeHandler,
} from './safeServer.js'
export { readSecretFile } from './secretFile.js'
export { type Served, type ServeOptions, serve } from './serve.js'
export { capSocketsPerClient, DEFAULT_SOCKETS_PER_CLIENT } from './socketsPerClient.js'
export {
  StopError,
  type StopFailure,
  type Stoppable,
  stopAfterFailedStart,
  stopEvery,
} from './stopEvery.js'
export {
  clientAddress,
  normalizeAddress,
  noTrustedProxies,
  parseTrustedProxies,
  TRUST_PROXY_ENV,
  type TrustedProxies,
} from './trustProxy.js'
export { WindowBudget } from './windowBudget.js'
export { withoutNul } from './withoutNul.js'
export { zodIssue } from './zodIssue.js'
