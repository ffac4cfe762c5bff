import { join } from 'node:path'
import { defineStackPart } from '../stackPart.js'

/** One WalletConnect v2 relay node with its mailbox in SQLite. */
export const relayPart = defineStackPart({
  name: 'relay',
  ports: { relay: { env: 'PAIRWISE_RELAY_PORT', default: 8787, width: 1 } },
  needs: [],
  command: {
    name: 'relay',
    summary: 'start one WalletConnect v2 relay node (memory, SQLite or Redis-backed)',
  },
  async start({ config, onStop }) {
    const { consoleLogger, startRelay } = await import('../../relay/index.js')
    const mailbox = join(config.dataDir, 'relay.sqlite')
    const relay = await startRelay({
      host: config.hosts.relay,
      port: config.ports.relay,
      store: `sqlite:${mailbox}`,
      logger: consoleLogger('warn'),
      trustProxy: config.trustProxy,
    })
    onStop(() => relay.close())
    return {
      gives: { relay },
      urls: [
        { part: 'relay', url: relay.url, detail: `WalletConnect v2 relay; mailbox ${mailbox}; GET /health` },
      ],
      ready: [`${relay.url.replace(/^ws/, 'http')}/health`],
      stackFile: { relay: { url: relay.url } },
    }
  },
})
