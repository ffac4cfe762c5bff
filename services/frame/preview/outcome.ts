import { type Address, type Hex, hexToBigInt, zeroAddress } from 'viem'
import { type Asset, amountOf } from './amounts.js'
import { balanceChanges, type Transfer } from './balanceChanges.js'
import { execute } from './execute.js'
import type { ChainRequest } from './request.js'
import { refusalReason } from './revertReason.js'
import { type CallToRun, rpcCall } from './rpcCall.js'
import type { DecodedCall, Fee, Outcome, RevertReason } from './schemas.js'

/** The gas a fee is paid for and the price of each unit: the fee is their product. */
export type PaidGas = Pick<Fee, 'gas' | 'pricePerGas'>

/** A call as it will run, beside what decodeCall made of it. */
export type DecodedRun = { run: CallToRun; decoded: DecodedCall }

export type OutcomeParameters = {
  request: ChainRequest
  native: Asset
  /** The account whose balances are shown: the one that sends the calls. */
  account: Address
  runs: readonly DecodedRun[]
  /** The price the transaction names; without one, the node's eth_gasPrice. */
  pricePerGas?: Hex
  /**
   * What the account pays for when the calls do not pay their own gas (a UserOperation: its gas limits in
   * all, verification included, at its maxFeePerGas); the calls are still run to find one that fails.
   */
  paidGas?: PaidGas
}

/**
 * A call's gas: its own limit, else what the simulation used (eth_estimateGas could not see the effects
 * of the calls before it), else the node's estimate, or why the node refused to estimate it.
 */
async function gasOf(request: ChainRequest, run: CallToRun, used: bigint | undefined) {
  if (run.gas !== undefined) return run.gas
  if (used !== undefined) return used
  try {
    return hexToBigInt((await request('eth_estimateGas', [rpcCall(run)])) as Hex)
  } catch (error) {
    const reason = refusalReason(error)
    if (!reason) throw error
    return reason
  }
}

/** The price the transaction names, else the node's eth_gasPrice. */
async function priceOf(request: ChainRequest, named: Hex | undefined) {
  return hexToBigInt(named ?? ((await request('eth_gasPrice', [])) as Hex))
}

/** Without a trace, the value sent and the ERC-20 amount the call names are what moves. */
function estimatedTransfers({ run: { from, to, value }, decoded }: DecodedRun): Transfer[] {
  const transfers: Transfer[] = [{ asset: 'native', from, to: to ?? zeroAddress, value }]
  if (decoded.kind === 'erc20Transfer') {
    const { token, owner, to: recipient, amount } = decoded
    transfers.push({ asset: token.address, from: owner, to: recipient, value: amount.value })
  }
  return transfers
}

/**
 * What running the calls in order does to `account`: its net balance change per asset (traced by
 * `eth_simulateV1` where the chain answers it, else estimated from the decoded calls), the fee and the
 * native currency leaving it at most; or the first call that would fail and why. Throws when the chain
 * cannot be reached.
 */
export async function outcomeOf({
  request,
  native,
  account,
  runs,
  pricePerGas,
  paidGas,
}: OutcomeParameters): Promise<Outcome> {
  const [execution, price] = await Promise.all([
    execute(
      request,
      runs.map(({ run }) => run),
    ),
    paidGas?.pricePerGas ?? priceOf(request, pricePerGas),
  ])
  if (execution.status === 'reverted') return execution
  const used = execution.source === 'simulated' ? execution.gasUsed : []
  const gases: (bigint | RevertReason)[] = await Promise.all(
    runs.map(({ run }, index) => gasOf(request, run, used[index])),
  )
  let callsGas = 0n
  for (const [call, callGas] of gases.entries()) {
    if (typeof callGas !== 'bigint') return { status: 'reverted', call, reason: callGas }
    callsGas += callGas
  }
  const gas = paidGas?.gas ?? callsGas
  const transfers = execution.source === 'simulated' ? execution.transfers : runs.flatMap(estimatedTransfers)
  const known = runs.flatMap(({ decoded }) => ('token' in decoded ? [decoded.token] : []))
  const changes = await balanceChanges(request, account, transfers, native, known)
  const fee = gas * price
  const value = runs.reduce((sum, { run }) => sum + run.value, 0n)
  return {
    status: 'success',
    source: execution.source,
    changes,
    fee: { gas, pricePerGas: price, amount: amountOf(fee, native) },
    total: amountOf(value + fee, native),
  }
}
