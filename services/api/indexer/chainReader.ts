import {
  type Address,
  createPublicClient,
  erc20Abi,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  type RpcLog,
} from 'viem'
import { bytes32TextAbi, textOf, tokenText } from './tokenText.js'
import { type FullRpcBlock, transferTopic } from './transferRow.js'

export type BlockHead = { number: number; hash: Hex }
export type TokenKind = 'erc20' | 'erc721'
export type TokenInfo = { kind: TokenKind; name: string; symbol: string; decimals: number }

/**
 * The indexer's reads of one chain over JSON-RPC on HTTP. Requests issued together travel as JSON-RPC
 * batches of at most `batchSize`, sent at once: a range of blocks costs one round trip, and a few
 * smaller batches in parallel were measured faster on Anvil than one large one.
 */
export class ChainReader {
  private readonly client: PublicClient

  constructor(rpcUrl: string, { batchSize = 25, timeoutMs = 10_000 } = {}) {
    this.client = createPublicClient({
      transport: http(rpcUrl, { batch: { batchSize }, retryCount: 0, timeout: timeoutMs }),
    })
  }

  async chainId(): Promise<number> {
    return Number(await this.client.request({ method: 'eth_chainId' }))
  }

  async latest(): Promise<BlockHead> {
    const block = await this.client.request({ method: 'eth_getBlockByNumber', params: ['latest', false] })
    if (!block?.number || !block.hash) throw new Error('the chain has no latest block')
    return { number: Number(block.number), hash: block.hash }
  }

  /** Hashes of blocks `from`…`to`; undefined where the chain has no such block (any more). */
  async hashes(from: number, to: number): Promise<(Hex | undefined)[]> {
    const blocks = await Promise.all(
      numbers(from, to).map((n) =>
        this.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), false] }),
      ),
    )
    return blocks.map((block) => block?.hash ?? undefined)
  }

  /** Blocks `from`…`to` with their transactions, or undefined when the chain is shorter than `to`. */
  async blocks(from: number, to: number): Promise<FullRpcBlock[] | undefined> {
    const blocks = await Promise.all(
      numbers(from, to).map((n) =>
        this.client.request({ method: 'eth_getBlockByNumber', params: [numberToHex(n), true] }),
      ),
    )
    if (blocks.some((block) => !block?.hash)) return undefined
    return blocks as FullRpcBlock[]
  }

  transferLogs(from: number, to: number): Promise<RpcLog[]> {
    return this.client.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [transferTopic] }],
    })
  }

  /**
   * The Transfer logs of these blocks as their receipts hold them, in the order eth_getLogs answers (one
   * eth_getBlockReceipts each); undefined when the chain no longer has one of the blocks.
   */
  async receiptTransferLogs(blockHashes: readonly Hex[]): Promise<RpcLog[] | undefined> {
    const receipts = await Promise.all(
      blockHashes.map((hash) => this.client.request({ method: 'eth_getBlockReceipts', params: [hash] })),
    )
    if (receipts.some((ofBlock) => !ofBlock)) return undefined
    return receipts.flatMap((ofBlock) =>
      (ofBlock ?? []).flatMap((receipt) => receipt.logs.filter((log) => log.topics[0] === transferTopic)),
    )
  }

  /** Hashes of the transactions that reverted in these blocks (one eth_getBlockReceipts each). */
  async failedTransactions(blockHashes: readonly Hex[]): Promise<Set<string>> {
    const receipts = await Promise.all(
      blockHashes.map((hash) => this.client.request({ method: 'eth_getBlockReceipts', params: [hash] })),
    )
    const failed = new Set<string>()
    for (const receipt of receipts.flat())
      if (receipt && receipt.status !== '0x1') failed.add(receipt.transactionHash)
    return failed
  }

  /**
   * Name (the symbol when it has none), symbol (each as string or bytes32) and (ERC-20) decimals; what a
   * contract does not answer is '' or 0: its transfers are listed all the same.
   */
  async tokenInfo(address: Address, kind: TokenKind): Promise<TokenInfo> {
    const read = (functionName: 'name' | 'symbol' | 'decimals') =>
      this.client.readContract({ address, abi: erc20Abi, functionName }).catch(() => undefined)
    const text = async (functionName: 'name' | 'symbol') => {
      const [answer, word] = await Promise.all([
        read(functionName),
        this.client.readContract({ address, abi: bytes32TextAbi, functionName }).catch(() => undefined),
      ])
      return textOf(answer, word)
    }
    const [name, symbol, decimals] = await Promise.all([
      text('name'),
      text('symbol'),
      kind === 'erc20' ? read('decimals') : undefined,
    ])
    return {
      kind,
      ...(tokenText(name, symbol) ?? { name: '', symbol: '' }),
      decimals: typeof decimals === 'number' && decimals <= 255 ? decimals : 0,
    }
  }
}

function numbers(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i)
}
