import { type Address, createPublicClient, formatUnits, getAddress, http, type PublicClient } from 'viem'
import {
  type ApiChain,
  type BitcoinApiChain,
  bitcoinCaipNetworkIdOf,
  caipNetworkIdOf,
  type EsploraClient,
  httpEsplora,
  LAMPORT_DECIMALS,
  SATOSHI_DECIMALS,
  type SolanaApiChain,
  SolanaRpc,
  solanaCaipNetworkIdOf,
  unlistedToken,
} from '../chains/index.js'
import { ApiError } from '../http/apiError.js'
import type { ApiLogger } from '../http/types.js'
import { readBitcoinBalance } from './bitcoinHoldings.js'
import {
  gasBurnerSkippedMs,
  readErc20Holdings,
  type SkippedTokens,
  type TokenMetadata,
} from './erc20Holdings.js'
import type { PricedAsset, PriceSource } from './priceSource.js'
import { readSolanaHoldings } from './solanaHoldings.js'
import type { TokenBalance } from './tokenBalance.js'
import { TtlCache } from './ttlCache.js'

/** The tokens an address is known to have held on a chain (the lead wires the indexer's tokensSeenBy). */
export type KnownTokens = (chainId: number, address: Address) => Promise<readonly string[]>

export type BalanceServiceOptions = {
  prices: PriceSource
  knownTokens?: KnownTokens
  logger: ApiLogger
  now: () => number
  /** How long an answer is served from memory (a wallet's modal reloads balances on every view). */
  cacheMs?: number
  maxCachedAddresses?: number
  /**
   * At most this many tokens read (EVM) or answered (Solana) per request: the configured list first, then
   * the known (EVM) or held (Solana) ones.
   */
  maxTokens?: number
  maxCachedTokens?: number
  /** How long a call to a chain (RPC or Esplora) may take; 10 s by default. */
  rpcTimeoutMs?: number
  /** How a Bitcoin network's Esplora API is read; by default over HTTP at its `esploraUrl`. */
  esplora?: (chain: BitcoinApiChain) => EsploraClient
}

type Asset = PricedAsset & { name: string; decimals: number; amount: bigint; iconUrl: string }

/**
 * Balances read from each chain's RPC (or a Bitcoin network's Esplora API): the native coin and the tokens,
 * priced, briefly cached.
 */
export class BalanceService {
  private readonly answers: TtlCache<TokenBalance[]>
  private readonly inFlight = new Map<string, Promise<TokenBalance[]>>()
  private readonly metadata: TtlCache<TokenMetadata | null>
  private readonly skipped: SkippedTokens
  private readonly clients = new Map<number, PublicClient>()
  private readonly solanaRpcs = new Map<string, SolanaRpc>()
  private readonly esploras = new Map<string, EsploraClient>()
  private readonly rpcTimeoutMs: number

  constructor(private readonly options: BalanceServiceOptions) {
    this.rpcTimeoutMs = options.rpcTimeoutMs ?? 10_000
    const { now } = options
    this.answers = new TtlCache({
      ttlMs: options.cacheMs ?? 2000,
      maxEntries: options.maxCachedAddresses ?? 10_000,
      now,
    })
    // A token's name, symbol and decimals do not change; only the count is bounded.
    this.metadata = new TtlCache({
      ttlMs: Number.POSITIVE_INFINITY,
      maxEntries: options.maxCachedTokens ?? 10_000,
      now,
    })
    this.skipped = new TtlCache({
      ttlMs: gasBurnerSkippedMs,
      maxEntries: options.maxCachedTokens ?? 10_000,
      now,
    })
  }

  /** BAL-06: `owner`'s balances on `chain`; concurrent asks for one `network:address` share one read. */
  balancesOf(chain: ApiChain, owner: Address): Promise<TokenBalance[]> {
    return this.shared(`${caipNetworkIdOf(chain)}:${owner.toLowerCase()}`, () => this.read(chain, owner))
  }

  /** `owner`'s SOL and SPL balances (Token and Token-2022) on a Solana cluster, shared and cached alike. */
  solanaBalancesOf(chain: SolanaApiChain, owner: string): Promise<TokenBalance[]> {
    return this.shared(`${solanaCaipNetworkIdOf(chain)}:${owner}`, () => this.readSolana(chain, owner))
  }

  /** `owner`'s BTC on a Bitcoin network, confirmed and unconfirmed together, shared and cached alike. */
  bitcoinBalancesOf(chain: BitcoinApiChain, owner: string): Promise<TokenBalance[]> {
    return this.shared(`${bitcoinCaipNetworkIdOf(chain)}:${owner}`, () => this.readBitcoin(chain, owner))
  }

  private shared(key: string, read: () => Promise<TokenBalance[]>): Promise<TokenBalance[]> {
    const cached = this.answers.get(key)
    if (cached) return Promise.resolve(cached)
    const pending = this.inFlight.get(key)
    if (pending) return pending
    const answer = read()
      .then((balances) => {
        this.answers.set(key, balances)
        return balances
      })
      .finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, answer)
    return answer
  }

  private async read(chain: ApiChain, owner: Address): Promise<TokenBalance[]> {
    const client = this.clientFor(chain)
    const seen = await this.tokensSeenBy(chain, owner)
    let native: bigint
    let holdings: Awaited<ReturnType<typeof readErc20Holdings>>
    try {
      ;[native, holdings] = await Promise.all([
        client.getBalance({ address: owner }),
        readErc20Holdings(client, {
          chainId: chain.chainId,
          owner,
          listed: chain.tokens.map((token) => token.address),
          seen,
          metadata: this.metadata,
          skipped: this.skipped,
          multicall3: chain.multicall3,
        }),
      ])
    } catch (error) {
      this.options.logger.warn('balances.chain_failed', { chainId: chain.chainId, error: String(error) })
      throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain could not be read')
    }
    const icons = new Map(chain.tokens.map((token) => [token.address, token.iconUrl]))
    const caipNetworkId = caipNetworkIdOf(chain)
    const assets: Asset[] = [
      { caipNetworkId, ...chain.nativeCurrency, amount: native },
      ...holdings
        // BAL-03: a token with 0 decimals is dropped; a token is shown only when the address holds some.
        .filter(({ metadata, amount }) => metadata.decimals > 0 && amount > 0n)
        .map(({ token, metadata, amount }) => ({
          caipNetworkId,
          address: token,
          ...metadata,
          amount,
          iconUrl: icons.get(token) ?? '',
        })),
    ]
    return this.priced(caipNetworkId, assets)
  }

  private async readSolana(chain: SolanaApiChain, owner: string): Promise<TokenBalance[]> {
    let holdings: Awaited<ReturnType<typeof readSolanaHoldings>>
    try {
      holdings = await readSolanaHoldings(this.solanaRpcFor(chain), owner)
    } catch (error) {
      this.options.logger.warn('balances.chain_failed', {
        genesisHash: chain.genesisHash,
        error: String(error),
      })
      throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain could not be read')
    }
    const caipNetworkId = solanaCaipNetworkIdOf(chain)
    const listed = new Map(chain.tokens.map((token, index) => [token.mint, { ...token, index }]))
    const tokens = holdings.tokens
      // BAL-03 as for EVM: 0 decimals is an NFT, not a fungible token; only mints the address holds some of.
      .filter(({ decimals, amount }) => decimals > 0 && amount > 0n)
      // The configured mints first, in their order, then the others as the RPC listed them.
      .sort(
        (a, b) =>
          (listed.get(a.mint)?.index ?? chain.tokens.length) -
          (listed.get(b.mint)?.index ?? chain.tokens.length),
      )
      .slice(0, this.options.maxTokens ?? 200)
    const assets: Asset[] = [
      { caipNetworkId, ...chain.nativeCurrency, decimals: LAMPORT_DECIMALS, amount: holdings.lamports },
      ...tokens.map(({ mint, amount, decimals }) => {
        const { name, symbol, iconUrl } = listed.get(mint) ?? unlistedToken(mint)
        return { caipNetworkId, address: mint, name, symbol, iconUrl, decimals, amount }
      }),
    ]
    return this.priced(caipNetworkId, assets)
  }

  private async readBitcoin(chain: BitcoinApiChain, owner: string): Promise<TokenBalance[]> {
    let held: bigint
    try {
      held = await readBitcoinBalance(this.esploraFor(chain), owner)
    } catch (error) {
      this.options.logger.warn('balances.chain_failed', {
        genesisHash: chain.genesisHash,
        error: String(error),
      })
      throw new ApiError(502, 'UPSTREAM_ERROR', 'The chain could not be read')
    }
    const caipNetworkId = bitcoinCaipNetworkIdOf(chain)
    return this.priced(caipNetworkId, [
      { caipNetworkId, ...chain.nativeCurrency, decimals: SATOSHI_DECIMALS, amount: held },
    ])
  }

  private async priced(caipNetworkId: string, assets: Asset[]): Promise<TokenBalance[]> {
    const prices = await this.options.prices.usdPrices(assets)
    return assets.map((asset, index) => {
      const numeric = formatUnits(asset.amount, asset.decimals)
      const price = prices[index] ?? 0
      return {
        name: asset.name,
        symbol: asset.symbol,
        chainId: caipNetworkId,
        ...(asset.address ? { address: `${caipNetworkId}:${asset.address}` } : {}),
        value: Number(numeric) * price,
        price,
        quantity: { decimals: String(asset.decimals), numeric },
        iconUrl: asset.iconUrl,
      }
    })
  }

  /** The tokens the address is known to have held, besides the chain's own, capped with them. */
  private async tokensSeenBy(chain: ApiChain, owner: Address): Promise<Address[]> {
    const listed = new Set(chain.tokens.map((token) => token.address))
    const seen = new Set<Address>()
    if (this.options.knownTokens) {
      try {
        for (const token of await this.options.knownTokens(chain.chainId, owner)) {
          const address = getAddress(token)
          if (!listed.has(address)) seen.add(address)
        }
      } catch (error) {
        // The configured tokens still answer when the index cannot.
        this.options.logger.warn('balances.known_tokens_failed', {
          chainId: chain.chainId,
          error: String(error),
        })
      }
    }
    return [...seen].slice(0, Math.max(0, (this.options.maxTokens ?? 200) - listed.size))
  }

  private solanaRpcFor(chain: SolanaApiChain): SolanaRpc {
    let rpc = this.solanaRpcs.get(chain.rpcUrl)
    if (!rpc) {
      rpc = new SolanaRpc(chain.rpcUrl, { timeoutMs: this.rpcTimeoutMs })
      this.solanaRpcs.set(chain.rpcUrl, rpc)
    }
    return rpc
  }

  private esploraFor(chain: BitcoinApiChain): EsploraClient {
    let esplora = this.esploras.get(chain.esploraUrl)
    if (!esplora) {
      esplora =
        this.options.esplora?.(chain) ?? httpEsplora(chain.esploraUrl, { timeoutMs: this.rpcTimeoutMs })
      this.esploras.set(chain.esploraUrl, esplora)
    }
    return esplora
  }

  private clientFor(chain: ApiChain): PublicClient {
    let client = this.clients.get(chain.chainId)
    if (!client) {
      client = createPublicClient({
        transport: http(chain.rpcUrl, { timeout: this.rpcTimeoutMs, retryCount: 0 }),
      })
      this.clients.set(chain.chainId, client)
    }
    return client
  }
}
