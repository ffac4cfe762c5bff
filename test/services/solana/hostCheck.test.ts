import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalSolana, startSolanaChain } from '../../../services/solana/index.js'
import { freePortPair } from '../../support/ports.js'
import { statusWithHost } from '../kit/hostRequest.js'

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
})
