import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSolana, startSolanaChain } from '../../../services/solana/index.js'
import { exchange, upgradeRequest } from '../../security/support/rawExchange.js'
import { freePortPair } from '../../support/ports.js'
import { statusWithHost } from '../kit/hostRequest.js'

/** The HTTP status a PubSub upgrade sent with `Host: host` gets (101 when accepted). */
async function upgradeStatusWithHost(wsUrl: string, host: string): Promise<number> {
  const port = Number(new URL(wsUrl).port)
  const answer = await exchange(port, upgradeRequest(port, { Host: host }))
  if (answer.kind !== 'status') throw new Error(`the upgrade got no HTTP answer: ${answer.kind}`)
  return answer.status
}

describe('the local Solana chain against DNS rebinding', () => {
  let chain: LocalSolana
  beforeAll(async () => {
    chain = await startSolanaChain({ host: '127.0.0.1', port: await freePortPair(), fixtures: false })
  })
  afterAll(() => chain.close())

  it('answers 421 to a request whose Host is not one of its names', async () => {
    expect(await statusWithHost(`${chain.rpcUrl}/health`, 'evil.example')).toBe(421)
    expect(await statusWithHost(`${chain.rpcUrl}/health`, `evil.example:${new URL(chain.rpcUrl).port}`)).toBe(
      421,
    )
  })

  it('answers its loopback names and IP literals', async () => {
    const { port } = new URL(chain.rpcUrl)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost'])
      expect(await statusWithHost(`${chain.rpcUrl}/health`, host), host).toBe(200)
  })

  it('refuses a PubSub upgrade whose Host is not one of its names with 421, as its RPC does', async () => {
    const { port } = new URL(chain.wsUrl)
    for (const host of ['evil.example', `evil.example:${port}`])
      expect(await upgradeStatusWithHost(chain.wsUrl, host), host).toBe(421)
    expect(await statusWithHost(chain.wsUrl.replace(/^ws/, 'http'), 'evil.example')).toBe(421)
  })

  it('accepts a PubSub upgrade to its loopback names and IP literals', async () => {
    const { port } = new URL(chain.wsUrl)
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost'])
      expect(await upgradeStatusWithHost(chain.wsUrl, host), host).toBe(101)
  })
})
