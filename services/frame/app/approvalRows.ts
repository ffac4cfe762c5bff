import type { Address } from 'viem'
import type { FrameChain } from '../frameConfig.js'
import {
  type ChainRequest,
  type DecodedCall,
  failedBatchCall,
  type Outcome,
  type PaidGas,
  previewSignature,
  previewTransaction,
  type RevertReason,
} from '../preview/index.js'
import type { Row } from './ui/screens.js'

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/** A signature for another chain than the frame's, or for every chain, is said so before its fields. */
function chainRows(signedFor: bigint | undefined, current: number): Row[] {
  if (signedFor === undefined)
    return [{ label: 'For any chain', value: 'not bound to one chain', tone: 'warn' }]
  if (signedFor === BigInt(current)) return []
  return [{ label: 'For another chain', value: `chain ${signedFor}`, tone: 'warn' }]
}

/** What one call does, as approval lines. */
export function callRows(call: DecodedCall): Row[] {
  switch (call.kind) {
    case 'nativeTransfer':
      return [{ label: 'Send', value: `${call.value.text} to ${short(call.to)}` }]
    case 'deploy':
      return [{ label: 'Deploy a contract', value: `${call.dataBytes} bytes` }]
    case 'erc20Transfer':
      return [{ label: `Send ${call.token.symbol}`, value: `${call.amount.text} to ${short(call.to)}` }]
    case 'erc20Approve':
      return [
        {
          label: `Allow ${short(call.spender)} to spend`,
          value: call.amount.text,
          ...(call.unlimited ? { tone: 'warn' as const } : {}),
        },
      ]
    case 'function':
      return [
        { label: 'Call', value: `${call.name} on ${short(call.to)}` },
        ...call.args.map((arg) => ({ label: `${arg.name || arg.type}`, value: arg.value })),
      ]
    case 'unknown':
      return [
        {
          label: 'Unknown call',
          value: `${call.selector} on ${short(call.to)} (${call.dataBytes} bytes)`,
          tone: 'warn',
        },
      ]
  }
}

/**
 * What running the calls will do, as approval lines: each balance change, the fee and the total, or
 * which call would fail and why (`calls` is how many: one transaction's failure needs no number), or
 * why the chain `refused` the transaction that runs them though they succeed: it cannot be sent. A
 * batch's refusal that names its failing call (the account's executeBatch) is shown as that call's.
 */
export function outcomeRows(outcome: Outcome, calls: number, refused?: RevertReason): Row[] {
  const failureRows = ({ call, reason }: { call: number; reason: RevertReason }): Row[] => [
    {
      label: calls === 1 ? 'This transaction would fail' : `Call ${call + 1} would fail`,
      value: reason.message,
      tone: 'warn',
    },
  ]
  if (outcome.status === 'reverted') return failureRows(outcome)
  const failed = refused && failedBatchCall(refused, calls)
  if (failed) return failureRows(failed)
  if (refused) return [{ label: 'This transaction would fail', value: refused.message, tone: 'warn' }]
  return [
    ...outcome.changes.map((change) => ({
      label: outcome.source === 'simulated' ? 'Balance change' : 'Balance change (estimated)',
      value: change.text,
      tone: change.delta < 0n ? ('minus' as const) : ('plus' as const),
    })),
    { label: 'Network fee', value: outcome.fee.amount.text },
    { label: 'Total', value: outcome.total.text },
  ]
}

/**
 * The lines the approval screen shows for one unsafe request: what it is, and what it will do. A
 * transaction's fee is `paidGas`, the gas and price it is signed with, once prepared; a transaction the
 * chain `refused` to prepare is shown as failing, with the chain's reason.
 */
export async function approvalRows({
  method,
  params,
  from,
  chain,
  request,
  paidGas,
  refused,
}: {
  method: string
  params: readonly unknown[]
  from: Address
  chain: FrameChain
  request: ChainRequest
  paidGas?: PaidGas
  refused?: RevertReason
}): Promise<Row[]> {
  const network = { label: 'Network', value: chain.name }
  if (method === 'eth_sendTransaction') {
    const preview = await previewTransaction({
      request,
      chain: {
        id: chain.chainId,
        nativeSymbol: chain.nativeCurrency.symbol,
        nativeDecimals: chain.nativeCurrency.decimals,
      },
      from,
      tx: params[0],
      paidGas,
    })
    return [...callRows(preview.call), ...outcomeRows(preview.outcome, 1, refused), network]
  }
  const signature = previewSignature({ method: method as 'personal_sign' | 'eth_signTypedData_v4', params })
  if (signature.kind === 'message')
    return [{ label: signature.encoding === 'utf8' ? 'Message' : 'Message (hex)', value: signature.text }]
  const { domain, primaryType, fields, truncated, permit } = signature
  return [
    ...chainRows(domain.chainId, chain.chainId),
    ...(permit
      ? [
          {
            label: `Allow ${short(permit.spender)} to spend`,
            value: permit.unlimited ? 'Unlimited' : String(permit.value),
            tone: 'warn' as const,
          },
        ]
      : []),
    { label: 'Type', value: primaryType },
    ...(domain.name ? [{ label: 'App', value: domain.name }] : []),
    ...(domain.verifyingContract ? [{ label: 'Contract', value: short(domain.verifyingContract) }] : []),
    ...fields.map((field) => ({ label: field.path, value: field.value })),
    // What is past the cut is signed all the same: said as a warning, not as a row like the others.
    ...(truncated
      ? [
          {
            label: 'Not shown',
            value: 'more fields than fit here, signed too: sign only if you trust this app',
            tone: 'warn' as const,
          },
        ]
      : []),
  ]
}
