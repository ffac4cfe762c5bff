import { describe, expect, it } from 'vitest'
import { feeOf } from '../../../modal/send/fee.js'
import type { SendChain } from '../../../modal/send/sendChain.js'
import { type Review, type Stage, stageOn } from '../../../modal/send/stage.js'
import { alice, bob, evmNetwork } from '../support/kit.js'
import { chainOf } from './support/chain.js'

const polygon = evmNetwork(137, 'http://127.0.0.1:1')
const reviewOn = (chain: SendChain): Review => ({
  transfer: { token: { name: 'POL', symbol: 'POL', decimals: 18 }, to: bob, amount: 10n ** 18n },
  fee: feeOf(21_000n, { gasPrice: 1n }),
  chain,
  network: polygon,
})

describe('Send: a review belongs to the account and network it was read on', () => {
  it('keeps the review while the chain it was made on is the active one', () => {
    const chain = chainOf(alice)
    const review: Stage = { step: 'review', ...reviewOn(chain) }
    expect(stageOn(review, chain)).toBe(review)
  })

  it('goes back to the form when the visitor switched account or network in the wallet since the review', () => {
    const reviewed = chainOf(alice)
    const review: Stage = { step: 'review', ...reviewOn(reviewed) }
    // The network switched (chainChanged): SendView's chain is rebuilt for the same account on the new network.
    expect(stageOn(review, chainOf(alice))).toEqual({ step: 'form' })
    // The account switched (accountsChanged).
    expect(stageOn(review, chainOf(bob))).toEqual({ step: 'form' })
  })

  it('keeps a send in progress: the wallet was asked on the chain it was reviewed on', () => {
    const progress: Stage = { step: 'progress', status: { phase: 'signing' }, ...reviewOn(chainOf(alice)) }
    expect(stageOn(progress, chainOf(bob))).toBe(progress)
  })
})
