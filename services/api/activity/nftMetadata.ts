import { type Address, createPublicClient, erc721Abi, http, type PublicClient } from 'viem'
import { z } from 'zod'
import { mapConcurrently } from '../../kit/index.js'
import type { Database } from '../db/index.js'
import { shown } from '../indexer/tokenText.js'
import { type HostResolver, MetadataSource } from './metadataSource.js'

export type NftMetadata = { name?: string; description?: string; image?: string }

export type NftMetadataOptions = {
  db: Database
  now: () => number
  /** Host names whose https token URIs and images are used, on public addresses only; none by default. */
  allowedHosts?: readonly string[]
  /** Exact loopback or private origins a local stack serves its own metadata from; none by default. */
  localOrigins?: readonly string[]
  /** How host names resolve; the system resolver by default. */
  resolve?: HostResolver
  /** Largest metadata document read (default 64 KiB). */
  maxBytes?: number
  /** Longest one answer waits for metadata, all tokens together (default 2 s). */
  timeoutMs?: number
  /** How long read metadata is reused (default 1 h); a failed read is tried again after a minute. */
  ttlMs?: number
}

type Key = { chainId: number; rpcUrl: string; token: string; tokenId: string }

// Fields of the wrong type are dropped rather than failing the whole document; U+0000 is left out, as
// PostgreSQL's TEXT cannot hold it and a document is anyone's to write.
const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.replaceAll('\u0000', ''))
    .optional()
    .catch(undefined)
// A name is a label in a list, kept to what it shows as written, as a token's is (a bidi override would show
// it backwards, as another's); a description may run over lines.
const label = z
  .string()
  .max(200)
  .transform((value) => shown(value, 200) || undefined)
  .optional()
  .catch(undefined)
const metadataSchema = z.object({ name: label, description: text(2000), image: text(65_536) })

const concurrency = 8
const failureTtlMs = 60_000

/**
 * NFT metadata from each token's tokenURI (eth_call), read through `MetadataSource`'s rules and cached
 * in the database. Only name, description and image are kept, whatever else the document holds. An
 * image is kept only when the client could show it without calling an unconfigured host or a loopback
 * or private address: a data:image URL, or an allowed URL (see `MetadataSource.showableImage`).
 */
export class NftMetadataReader {
  private readonly clients = new Map<string, PublicClient>()
  private readonly source: MetadataSource
  private readonly timeoutMs: number
  private readonly ttlMs: number

  constructor(private readonly options: NftMetadataOptions) {
    this.source = new MetadataSource({
      allowedHosts: options.allowedHosts ?? [],
      localOrigins: options.localOrigins ?? [],
      maxBytes: options.maxBytes ?? 65_536,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    })
    this.timeoutMs = options.timeoutMs ?? 2000
    this.ttlMs = options.ttlMs ?? 3_600_000
  }

  /** Metadata per `token:tokenId`; tokens not read within the time limit are simply absent. */
  async metadataOf(keys: readonly Key[]): Promise<Map<string, NftMetadata>> {
    const found = await this.cached(keys)
    const missing = keys.filter((key) => !found.has(idOf(key)))
    if (missing.length === 0) return found
    const signal = AbortSignal.timeout(this.timeoutMs)
    const deadline = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()))
    await mapConcurrently(missing, concurrency, async (key) => {
      if (signal.aborted) return
      const read = await Promise.race([this.read(key, signal), deadline])
      if (!read || signal.aborted) return
      found.set(idOf(key), read.metadata)
      await this.remember(key, read.metadata, read.ok ? this.ttlMs : failureTtlMs)
    })
    return found
  }

  private async read(key: Key, signal: AbortSignal): Promise<{ metadata: NftMetadata; ok: boolean }> {
    try {
      const uri = await this.clientFor(key.rpcUrl).readContract({
        address: key.token as Address,
        abi: erc721Abi,
        functionName: 'tokenURI',
        args: [BigInt(key.tokenId)],
      })
      const document = await this.source.read(uri, signal)
      if (document === undefined) return { metadata: {}, ok: false }
      const { name, description, image } = metadataSchema.parse(JSON.parse(document))
      const metadata: NftMetadata = { name, description }
      if (image && (await this.source.showableImage(image))) metadata.image = image
      return { metadata, ok: true }
    } catch {
      return { metadata: {}, ok: false }
    }
  }

  private async cached(keys: readonly Key[]): Promise<Map<string, NftMetadata>> {
    const found = new Map<string, NftMetadata>()
    const [first] = keys
    if (!first) return found
    const rows = await this.options.db.all<{
      token: string
      token_id: string
      name: string | null
      description: string | null
      image: string | null
    }>(
      `SELECT token, token_id, name, description, image FROM indexer_nft_metadata
       WHERE chain_id = ? AND expires_at > ? AND (${keys.map(() => '(token = ? AND token_id = ?)').join(' OR ')})`,
      [first.chainId, this.options.now(), ...keys.flatMap((key) => [key.token, key.tokenId])],
    )
    for (const row of rows)
      found.set(`${row.token}:${row.token_id}`, {
        ...(row.name === null ? {} : { name: row.name }),
        ...(row.description === null ? {} : { description: row.description }),
        // Checked again: a row may have been read under an earlier, looser rule.
        ...(row.image !== null && this.source.showableStoredImage(row.image) ? { image: row.image } : {}),
      })
    return found
  }

  private async remember(key: Key, metadata: NftMetadata, ttlMs: number) {
    await this.options.db.run(
      `INSERT INTO indexer_nft_metadata (chain_id, token, token_id, name, description, image, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain_id, token, token_id) DO UPDATE SET name = excluded.name,
       description = excluded.description, image = excluded.image, expires_at = excluded.expires_at`,
      [
        key.chainId,
        key.token,
        key.tokenId,
        metadata.name ?? null,
        metadata.description ?? null,
        metadata.image ?? null,
        this.options.now() + ttlMs,
      ],
    )
  }

  private clientFor(rpcUrl: string): PublicClient {
    let client = this.clients.get(rpcUrl)
    if (!client) {
      client = createPublicClient({
        transport: http(rpcUrl, { batch: true, retryCount: 0, timeout: this.timeoutMs }),
      })
      this.clients.set(rpcUrl, client)
    }
    return client
  }
}

const idOf = (key: Pick<Key, 'token' | 'tokenId'>) => `${key.token}:${key.tokenId}`
