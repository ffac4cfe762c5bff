/**
 * A Farcaster auth relay (Farcaster's channel API, channels in a database) and the local test client
 * that approves sign-ins on it as a test fid; the auth service is a client of any relay, this one or
 * Farcaster's.
 */
export { type RelayLimits, relayLimits } from './limits.js'
export {
  type AuthenticateBody,
  authenticateBody,
  type ChannelOpenedAnswer,
  type ChannelStatusAnswer,
  type CreateChannelBody,
  channelOpenedAnswer,
  channelStatusAnswer,
  connectUrlSchema,
  createChannelBody,
  relayKeyHeader,
  relayPaths,
  siweDomainSchema,
} from './protocol.js'
export {
  type RunningFarcasterRelay,
  type StartFarcasterRelayOptions,
  startFarcasterRelay,
} from './startFarcasterRelay.js'
export {
  type ApproveChannel,
  approveChannel,
  channelLinkOf,
  type Tampering,
} from './testClient/approveChannel.js'
export { clientPaths } from './testClient/clientPage.js'
export { type TestClientOptions, testClientRoutes } from './testClient/clientRoutes.js'
export {
  type LocalFarcaster,
  localTestFid,
  startLocalFarcaster,
} from './testClient/startLocalFarcaster.js'
export { type TestFarcasterAccount, testFarcasterAccount } from './testClient/testAccount.js'
