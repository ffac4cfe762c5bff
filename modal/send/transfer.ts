import { type Address, encodeFunctionData, erc20Abi } from 'viem'
import type { ContractWrite, TransactionRequest } from '../adapters/eip155/walletActions.js'

/** A coin or token the account can send: the native coin has no contract. */
export type SendToken = {
  name: string
  symbol: string
  decimals: number
  contract?: Address
  iconUrl?: string
}

/** One send: `amount` of `token` in its smallest unit, to `to`. */
export type Transfer = { token: SendToken; to: Address; amount: bigint }

/** An ERC-20 send is the token's `transfer(to, amount)`, in the token's own decimals. */
export function transferWrite(contract: Address, transfer: Transfer): ContractWrite {
  return { address: contract, abi: erc20Abi, functionName: 'transfer', args: [transfer.to, transfer.amount] }
}

/** The transaction a send makes: value to the recipient for the native coin, the token's transfer call else. */
export function transferTransaction(transfer: Transfer): TransactionRequest {
  const { contract } = transfer.token
  if (!contract) return { to: transfer.to, value: transfer.amount }
  return {
    to: contract,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [transfer.to, transfer.amount],
    }),
  }
}
