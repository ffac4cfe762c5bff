import type { CaipNetwork } from '../networks/types.js'
import type { Fee } from './fee.js'
import type { SendChain } from './sendChain.js'
import type { SendStatus } from './sendFlow.js'
import type { Transfer } from './transfer.js'

/** What the visitor reviews: the transfer and its fee, on the account and network (`chain`) they were read on. */
export type Review = {
  transfer: Transfer
  fee: Fee
  name?: string | undefined
  chain: SendChain
  network: CaipNetwork
}

export type Stage =
  | { step: 'form' }
  | ({ step: 'review' } & Review)
  | ({ step: 'progress'; status: SendStatus } & Review)

/**
 * The stage to show while `chain` is the active account and network. A review read on another (the visitor
 * switched account or network in the wallet since) goes back to the form: its amount, token and fee are of
 * that chain, and confirming it on this one would send something else than was reviewed (1 POL reviewed,
 * 1 ETH sent). A send in progress stays: it was asked of the wallet on its own chain.
 */
export function stageOn(stage: Stage, chain: SendChain): Stage {
  return stage.step === 'review' && stage.chain !== chain ? { step: 'form' } : stage
}
