import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hex, PrivateKeyAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { localApiChain } from '../../../../services/api/chains/index.js'
import { type RunningApi, startApi } from '../../../../services/api/index.js'
import { ProjectStore } from '../../../../services/api/projects/index.js'
import { deployNames, type NameContracts } from '../../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'

export const namesProjectId = 'names-test'
export const zone = 'pairwise.eth'

export type NamesStack = {
  chain: ChainFixture
  api: RunningApi
  contracts: NameContracts
  /** The key the gateway signs with. */
  signerKey: Hex
  /** `POST /v1/names` signed by `account` for `name` (a full name), at `timestamp` seconds. */
  register(
    account: PrivateKeyAccount,
    name: string,
    overrides?: { timestamp?: number; coinType?: number; signature?: Hex },
  ): Promise<{ status: number; body: unknown }>
  get(path: string): Promise<{ status: number; body: unknown }>
  stop(): Promise<void>
}

const silent = { debug() {}, info() {}, warn() {}, error() {} }

/**
 * Anvil with the fixtures, the api with names on (gateway key given), then the names contracts deployed
 * with the api's gateway URL, which is known once the api listens.
 */
export async function startNamesStack(): Promise<NamesStack> {
  const dir = mkdtempSync(join(tmpdir(), 'pairwise-names-'))
  const chain = await startChainFixture()
  const signerKey = generatePrivateKey()
  const api = await startApi({
    port: 0,
    database: join(dir, 'api.sqlite'),
    logger: silent,
    indexer: false,
    chains: [
      localApiChain({ rpcUrl: chain.rpcUrl, testUsd: chain.fixtures.testUsd, chainId: chain.chainId }),
    ],
    names: { zone, signerKey },
  })
  await new ProjectStore(api.db).create({ id: namesProjectId, name: 'Names' })
  const contracts = await deployNames({
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    gatewayUrl: `${api.url}/ccip/{sender}/{data}.json`,
    signers: [privateKeyToAccount(signerKey).address],
    zone,
  })
  const answer = async (response: Response) => ({ status: response.status, body: await response.json() })
  return {
    chain,
    api,
    contracts,
    signerKey,
    async register(account, name, overrides = {}) {
      const timestamp = overrides.timestamp ?? Math.floor(Date.now() / 1000)
      const message = JSON.stringify({ name, attributes: {}, timestamp })
      const signature = overrides.signature ?? (await account.signMessage({ message }))
      const body = {
        coin_type: overrides.coinType ?? (0x80000000 | chain.chainId) >>> 0,
        address: account.address,
        message,
        signature,
      }
      return answer(
        await fetch(`${api.url}/v1/names?projectId=${namesProjectId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    },
    async get(path) {
      const separator = path.includes('?') ? '&' : '?'
      return answer(await fetch(`${api.url}${path}${separator}projectId=${namesProjectId}`))
    },
    async stop() {
      await api.close()
      await chain.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
