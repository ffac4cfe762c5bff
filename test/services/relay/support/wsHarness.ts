import { WebSocket } from 'ws'
import { type StartRelayOptions, silentLogger, startRelay } from '../../../../services/relay/index.js'
import type { SocketFactory, SocketLike } from './rawClient.js'
import type { StartHarness } from './semanticsSuite.js'

export const wsFactory: SocketFactory = (url) => new WebSocket(url) as unknown as SocketLike

/** The semantics suite's harness over the real server, with extra `startRelay` options. */
export function wsHarness(extra: () => Partial<StartRelayOptions> = () => ({})): StartHarness {
  return async (options) => {
    const relay = await startRelay({
      port: 0,
      logger: silentLogger,
      ...options,
      ...extra(),
    })
    return {
      url: relay.url,
      factory: wsFactory,
      stats: () => relay.stats(),
      close: () => relay.close(),
    }
  }
}
