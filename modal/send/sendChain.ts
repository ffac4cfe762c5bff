import type { Address, Hex } from 'viem'
import { erc20Abi } from 'viem'
import { estimateFeesPerGas, getBalance, readContract } from 'viem/actions'
import type { Eip155Adapter } from '../adapters/eip155/eip155Adapter.js'
import type { Receipt, Replacement } from '../adapters/eip155/walletActions.js'
import type { ChainAdapter } from '../adapters/types.js'
import { currentConnection } from '../controllers/account.js'
import type { ModalContext } from '../controllers/context.js'
import type { ParseUnits } from './amount.js'
import { universalResolverNames } from './names.js'
import type { NameResolver } from './recipient.js'
import { type SendToken, type Transfer, transferTransaction, transferWrite } from './transfer.js'

/** What sending needs of the chain and the wallet: the kit's EVM adapter provides it, tests fake it. */
export type SendChain = {
  account: Address
  /** The adapter's amount parser (ERR-48 for what is not a decimal number). */
  parseUnits: ParseUnits
  /** The account's balance of `token` in its smallest unit. */
  balanceOf(token: SendToken): Promise<bigint>
  /** The most the transfer's fee may cost, in the native coin's smallest unit (gas × max fee per gas). */
  estimateFee(transfer: Transfer): Promise<bigint>
  /** Absent on a network with no universal resolver. */
  resolveName: NameResolver | undefined
  /** Asks the wallet to send; resolves with the hash it answers. */
  send(transfer: Transfer): Promise<Hex>
  waitForReceipt(hash: Hex, onReplaced: (replacement: Replacement) => void): Promise<Receipt>
}

type EvmActions = Pick<
  Eip155Adapter,
  | 'chainClient'
  | 'estimateGas'
  | 'parseUnits'
  | 'sendTransaction'
  | 'writeContract'
  | 'waitForTransactionReceipt'
>

/** The eip155 adapter's wallet actions (the viem one, or wagmi's built on it); a bare adapter has none. */
function evmActions(adapter: ChainAdapter | undefined): EvmActions | undefined {
  const actions = adapter as Partial<EvmActions> | undefined
  return typeof actions?.sendTransaction === 'function' &&
    typeof actions.chainClient === 'function' &&
    typeof actions.parseUnits === 'function' &&
    typeof actions.estimateGas === 'function' &&
    typeof actions.writeContract === 'function' &&
    typeof actions.waitForTransactionReceipt === 'function'
    ? (actions as EvmActions)
    : undefined
}

/**
 * Sending from the active EVM account on the active network, through the kit's adapter (the wallet asked
 * with eth_sendTransaction, an ERC-20 `transfer` simulated first by writeContract) and read through the
 * adapter's client of the network. Undefined when the active account is not an EVM one the adapter can
 * send from.
 */
export function evmSendChain(ctx: ModalContext): SendChain | undefined {
  const { activeNetwork: network, account, activeChain } = ctx.store.get()
  if (activeChain !== 'eip155' || !network || !account.address) return undefined
  const actions = evmActions(ctx.adapters.get('eip155'))
  const connection = currentConnection(ctx, 'eip155')
  if (!actions || !connection) return undefined
  const address = account.address as Address
  const call = { connectorId: connection.connectorId, address, network }
  const client = actions.chainClient(network)
  return {
    account: address,
    parseUnits: (value, decimals) => actions.parseUnits({ value, decimals }),
    balanceOf: (token) =>
      token.contract
        ? readContract(client, {
            address: token.contract,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          })
        : getBalance(client, { address }),
    estimateFee: async (transfer) => {
      const [gas, fees] = await Promise.all([
        actions.estimateGas({ ...call, transaction: transferTransaction(transfer) }),
        estimateFeesPerGas(client),
      ])
      return gas * fees.maxFeePerGas
    },
    resolveName: universalResolverNames(client),
    send: (transfer) =>
      transfer.token.contract
        ? actions.writeContract({ ...call, contract: transferWrite(transfer.token.contract, transfer) })
        : actions.sendTransaction({ ...call, transaction: transferTransaction(transfer) }),
    waitForReceipt: (hash, onReplaced) =>
      actions.waitForTransactionReceipt({ network, hash, abi: erc20Abi, onReplaced }),
  }
}
