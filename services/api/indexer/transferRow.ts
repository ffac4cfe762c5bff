import type { Hex, RpcBlock, RpcLog } from 'viem'

export type TransferKind = 'native' | 'erc20' | 'erc721'

/** One movement of value as the indexer stores it; addresses lowercase, amounts and ids in decimal. */
export type TransferRow = {
  blockNumber: number
  txIndex: number
  /** -1 for the transaction's own (native) value, else the log's index in its block. */
  logIndex: number
  txHash: Hex
  timestamp: number
  kind: TransferKind
  /** The token contract; '' for the native coin. */
  token: string
  from: string
  to: string
  amount: string
  tokenId: string | null
}

/** keccak256('Transfer(address,address,uint256)'), shared by ERC-20 and ERC-721. */
export const transferTopic: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export type FullRpcBlock = RpcBlock<'latest', true>

const addressOfTopic = (topic: Hex) => `0x${topic.slice(26)}`.toLowerCase()
const isWord = (value: string) => /^0x[0-9a-fA-F]{64}$/.test(value)

/** The block a log was matched to by its hash: the one read, not what the log says of it. */
export type LogBlock = { number: number; timestamp: number }

/**
 * A Transfer log of `block` as a row: three topics and a 32-byte amount is ERC-20; four topics (the token
 * id indexed) and no data is ERC-721. Anything else sharing the signature is not a transfer we can read.
 * The block number is the block's: a log's own would place the row where a rollback of its block misses it.
 */
export function transferOfLog(log: RpcLog, block: LogBlock): TransferRow | undefined {
  const [topic, from, to, tokenId] = log.topics
  if (topic !== transferTopic || !from || !to || log.removed) return undefined
  const base = {
    blockNumber: block.number,
    txIndex: Number(log.transactionIndex),
    logIndex: Number(log.logIndex),
    txHash: log.transactionHash as Hex,
    timestamp: block.timestamp,
    token: log.address.toLowerCase(),
    from: addressOfTopic(from),
    to: addressOfTopic(to),
  }
  if (log.topics.length === 3 && isWord(log.data))
    return { ...base, kind: 'erc20', amount: BigInt(log.data).toString(), tokenId: null }
  if (log.topics.length === 4 && tokenId && log.data === '0x')
    return { ...base, kind: 'erc721', amount: '1', tokenId: BigInt(tokenId).toString() }
  return undefined
}

/**
 * The block's transactions that carry value to an address, as native transfers; `failed` (hashes) are
 * left out since their value never moved. Contract creations and value sent on by contracts (internal
 * transfers) are not seen here.
 */
export function nativeTransfersOf(block: FullRpcBlock, failed: ReadonlySet<string>): TransferRow[] {
  const rows: TransferRow[] = []
  for (const tx of block.transactions) {
    if (!tx.to || BigInt(tx.value) === 0n || failed.has(tx.hash)) continue
    rows.push({
      blockNumber: Number(block.number),
      txIndex: Number(tx.transactionIndex),
      logIndex: -1,
      txHash: tx.hash,
      timestamp: Number(block.timestamp),
      kind: 'native',
      token: '',
      from: tx.from.toLowerCase(),
      to: tx.to.toLowerCase(),
      amount: BigInt(tx.value).toString(),
      tokenId: null,
    })
  }
  return rows
}

/** Whether a block holds a value-carrying transaction (whose receipt status then matters). */
export const carriesValue = (block: FullRpcBlock) =>
  block.transactions.some((tx) => tx.to && BigInt(tx.value) > 0n)
