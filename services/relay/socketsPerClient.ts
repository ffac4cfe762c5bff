import type { RelayLimits } from '@pairwise/relay/core'
import { DEFAULT_SOCKETS_PER_CLIENT } from '../kit/index.js'

/**
 * Open sockets one client may hold on a relay: its WebSockets (`maxConnectionsPerIp`), which the relay
 * refuses past their own cap with a 429 of its own, and room beside them for plain requests (`/health`).
 */
export const relaySocketsPerClient = (limits: Pick<RelayLimits, 'maxConnectionsPerIp'>): number =>
  limits.maxConnectionsPerIp + DEFAULT_SOCKETS_PER_CLIENT
