import { defineStackPart } from '../stackPart.js'

const ports = { bitcoin: { env: 'PAIRWISE_BITCOIN_PORT', default: 3002, width: 1 } } as const

/** The local Bitcoin regtest chain behind Esplora's API, kept in the data dir. */
export const bitcoinPart = defineStackPart({
  name: 'bitcoin',
  ports,
  needs: [],
  command: {
    name: 'bitcoin',
    summary:
      'start only the local Bitcoin regtest chain (Esplora HTTP API, faucet and mining), kept in the data dir',
  },
  async start({ config, onStop }) {
    const { DEFAULT_MINE_EVERY_MS, startBitcoinChain } = await import('../../bitcoin/index.js')
    const bitcoin = await startBitcoinChain({
      host: config.hosts.bitcoin,
      port: config.ports.bitcoin,
      dataDir: config.dataDir,
      mineEveryMs: DEFAULT_MINE_EVERY_MS,
      portEnv: ports.bitcoin.env,
      trustProxy: config.trustProxy,
    })
    onStop(() => bitcoin.close())
    return {
      gives: { bitcoin },
      urls: [
        {
          part: 'bitcoin',
          url: bitcoin.url,
          detail: `local Bitcoin regtest chain ${bitcoin.caipNetworkId}, Esplora API ${bitcoin.url}/api, faucet POST /regtest/faucet; ${bitcoin.file}`,
        },
      ],
      ready: [`${bitcoin.url}/ready`],
      stackFile: { bitcoin: { url: bitcoin.url, caipNetworkId: bitcoin.caipNetworkId } },
    }
  },
})
