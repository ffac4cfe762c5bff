import { defineStackPart } from '../stackPart.js'

/**
 * The local Farcaster auth relay (the auth service's Farcaster logins open their channels there, as they
 * would on Farcaster's relay in production) and its test client page, which approves a pending sign-in
 * as a test fid registered on the local chain's stand-in registries (issue 35).
 */
export const farcasterPart = defineStackPart({
  name: 'farcaster',
  // Dev only: its test client page signs whoever reaches it in as the test fid.
  ports: { farcaster: { env: 'PAIRWISE_FARCASTER_PORT', default: 8791, width: 1, loopbackOnly: true } },
  needs: ['chain'],
  command: {
    name: 'farcaster',
    summary:
      'start only the local Farcaster auth relay and its test client page (a test fid on the local chain)',
  },
  async start({ config, onStop, chain }) {
    const { startLocalFarcaster } = await import('../../farcasterRelay/index.js')
    const { consoleLogger } = await import('../../relay/index.js')
    const farcaster = await startLocalFarcaster({
      host: config.hosts.farcaster,
      port: config.ports.farcaster,
      dataDir: config.dataDir,
      rpcUrl: chain.rpcUrl,
      trustProxy: config.trustProxy,
      logger: consoleLogger('warn'),
    })
    onStop(() => farcaster.close())
    const { relayUrl, clientPage, account } = farcaster
    return {
      gives: { farcasterRelayUrl: relayUrl },
      urls: [
        { part: 'farcaster', url: relayUrl, detail: 'the Farcaster auth relay (/v1/channel…)' },
        {
          part: 'farcaster client',
          url: clientPage,
          detail: `approves a Farcaster sign-in as the test fid ${account.fid} (custody ${account.custody.address})`,
        },
      ],
      ready: [`${relayUrl}/health`, clientPage],
      stackFile: { farcaster: { relayUrl, clientPage } },
    }
  },
})
