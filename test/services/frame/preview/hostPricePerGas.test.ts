import { parseEther, parseGwei, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { prepareTransaction } from '../../../../services/frame/app/prepareTransaction.js'
import { type ChainRequest, previewTransaction } from '../../../../services/frame/preview/index.js'
import { chainInfo, other, sender, usePreviewChain } from './previewChain.js'

const { request } = usePreviewChain()

/** The same chain as one without EIP-1559: its blocks name no base fee, so transactions are legacy. */
const legacyChain: ChainRequest = async (method, params) => {
  const answer = await request(method, params)
  if (method !== 'eth_getBlockByNumber' || answer === null) return answer
  const { baseFeePerGas: _, ...block } = answer as Record<string, unknown>
  return block
}

/** The preview chain as the frame lists it. */
const frameChain = {
  chainId: chainInfo.id,
  nativeCurrency: { symbol: chainInfo.nativeSymbol, decimals: chainInfo.nativeDecimals },
}

// A host naming both prices: a negligible one to show, a ruinous one to be signed.
const tx = {
  to: other,
  value: toHex(parseEther('0.001')),
  maxFeePerGas: toHex(1n),
  gasPrice: toHex(parseGwei('500000')),
}

async function shownAndSigned(via: ChainRequest) {
  const preview = await previewTransaction({ request: via, chain: chainInfo, from: sender, tx })
  if (preview.outcome.status !== 'success') throw new Error('the transfer should succeed')
  const signed = await prepareTransaction(via, frameChain, sender, tx)
  return { shown: preview.outcome.fee.pricePerGas, signed }
}

describe('the fee an approval shows is the price the frame signs', () => {
  it('on a chain with EIP-1559: maxFeePerGas for both, the gasPrice a host adds ignored', async () => {
    const { shown, signed } = await shownAndSigned(request)
    expect(signed).toMatchObject({ type: 'eip1559', maxFeePerGas: 1n })
    expect(shown).toBe(1n)
  })

  it('on a chain without it: gasPrice for both, the maxFeePerGas a host adds ignored', async () => {
    const { shown, signed } = await shownAndSigned(legacyChain)
    expect(signed).toMatchObject({ type: 'legacy', gasPrice: parseGwei('500000') })
    expect(shown).toBe(parseGwei('500000'))
  })
})
