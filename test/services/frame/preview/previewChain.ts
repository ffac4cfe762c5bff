import { http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll } from 'vitest'
import type { ChainRequest } from '../../../../services/frame/preview/index.js'
import { devPrivateKeys } from '../../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'

/** The dev account every preview sends from. */
export const sender = privateKeyToAccount(devPrivateKeys[0]).address
/** Holds tETH but no tUSD. */
export const other = privateKeyToAccount(devPrivateKeys[1]).address
export const chainInfo = { id: 31337, nativeSymbol: 'tETH', nativeDecimals: 18 }

export type PreviewChain = {
  /** The chain's fixture contracts (tUSD, the test NFT…). */
  readonly fixtures: ChainFixture['fixtures']
  /** The chain's JSON-RPC, as a preview is given it. */
  request: ChainRequest
  /** The same chain without eth_simulateV1, as most public RPCs are. */
  withoutSimulation: ChainRequest
}

/** A local chain with its fixtures for the calling test file: started before its tests, stopped after. */
export function usePreviewChain(): PreviewChain {
  let chain: ChainFixture | undefined
  let send: ChainRequest | undefined
  beforeAll(async () => {
    chain = await startChainFixture()
    const transport = http(chain.rpcUrl, { retryCount: 0 })({})
    send = (method, params) => transport.request({ method, params } as never)
  })
  afterAll(async () => {
    await chain?.stop()
  })
  const started = () => {
    if (!(chain && send)) throw new Error('the preview chain starts in beforeAll: use it inside a test')
    return { chain, send }
  }
  const request: ChainRequest = (method, params) => started().send(method, params)
  return {
    get fixtures() {
      return started().chain.fixtures
    },
    request,
    withoutSimulation: (method, params) =>
      method === 'eth_simulateV1'
        ? Promise.reject(Object.assign(new Error('Method not found'), { code: -32601 }))
        : request(method, params),
  }
}
