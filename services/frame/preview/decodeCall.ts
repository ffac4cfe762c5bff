import { decodeFunctionData, size, slice } from 'viem'
import { type Asset, amountOf, isUnlimited } from './amounts.js'
import { knownFunctionsAbi } from './knownAbi.js'
import type { ChainRequest } from './request.js'
import type { CallToRun } from './rpcCall.js'
import type { DecodedCall } from './schemas.js'
import { tokenInfo } from './tokenInfo.js'

/** An argument as text: numbers in decimal, lists and tuples spelled out. */
function argumentText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(argumentText).join(', ')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([key, entry]) => `${key}: ${argumentText(entry)}`)
    return `{${entries.join(', ')}}`
  }
  return String(value)
}

/**
 * What the call does, from its data alone and the token's symbol and decimals: a plain transfer, a
 * deployment, an ERC-20 transfer or approval, another known function, or just the 4-byte selector.
 */
export async function decodeCall(
  request: ChainRequest,
  { from, to, data, value: wei }: CallToRun,
  native: Asset,
): Promise<DecodedCall> {
  const value = amountOf(wei, native)
  if (!to) return { kind: 'deploy', value, dataBytes: size(data) }
  if (size(data) === 0) return { kind: 'nativeTransfer', to, value }
  let decoded: ReturnType<typeof decodeFunctionData<typeof knownFunctionsAbi>>
  try {
    decoded = decodeFunctionData({ abi: knownFunctionsAbi, data })
  } catch {
    const selector = size(data) >= 4 ? slice(data, 0, 4) : data
    return { kind: 'unknown', to, selector, dataBytes: size(data), value }
  }
  if (
    decoded.functionName === 'transfer' ||
    decoded.functionName === 'transferFrom' ||
    decoded.functionName === 'approve'
  ) {
    const token = await tokenInfo(request, to)
    // ERC-721 shares these selectors; a contract without symbol and decimals is shown as a plain call.
    if (token.known) {
      if (decoded.functionName === 'approve') {
        const [spender, amount] = decoded.args
        const unlimited = isUnlimited(amount)
        const approved = amountOf(amount, token)
        if (unlimited) approved.text = `Unlimited ${token.symbol}`
        return { kind: 'erc20Approve', token, spender, amount: approved, unlimited, value }
      }
      const [owner, recipient, amount] =
        decoded.functionName === 'transfer' ? [from, ...decoded.args] : decoded.args
      return {
        kind: 'erc20Transfer',
        function: decoded.functionName,
        token,
        owner,
        to: recipient,
        amount: amountOf(amount, token),
        value,
      }
    }
  }
  const abiItem = knownFunctionsAbi.find(
    (item) => item.name === decoded.functionName && item.inputs.length === (decoded.args?.length ?? 0),
  )
  const args = (decoded.args ?? []).map((arg, index) => ({
    name: abiItem?.inputs[index]?.name ?? '',
    type: abiItem?.inputs[index]?.type ?? '',
    value: argumentText(arg),
  }))
  return { kind: 'function', to, name: decoded.functionName, args, value }
}
