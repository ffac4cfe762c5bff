import { join } from 'node:path'
import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  publicActions,
  serializeErc6492Signature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { silentLogger } from '../../../common/index.js'
import { formatSiwxMessage, type SIWXMessageData } from '../../../engine/siwx/index.js'
import { localApiChain } from '../../../services/api/chains/index.js'
import { startApi } from '../../../services/api/index.js'
import { devPrivateKeys, smartAccountFactoryAbi } from '../../../services/index.js'
import { ensureDemoProject } from '../../../services/stack/demoProject.js'
import { type DemoStack, expect, test } from '../modal/fixtures.js'

const owner = privateKeyToAccount(devPrivateKeys[1])
const stranger = privateKeyToAccount(devPrivateKeys[2])

/** A sign-in client as a page would be one: the page's Origin on every call, the session cookie kept. */
function signInClient(stack: DemoStack, apiUrl = stack.api.url) {
  const origin = new URL(stack.demoUrl).origin
  const route = (path: string) => `${apiUrl}/siwx/${path}?projectId=pairwise-demo`
  const headers = { origin, 'content-type': 'application/json' }
  return {
    origin,
    host: new URL(origin).host,
    async nonce(): Promise<string> {
      const response = await fetch(route('nonce'), { method: 'POST', headers, body: '{}' })
      expect(response.status).toBe(200)
      return ((await response.json()) as { nonce: string }).nonce
    },
    async add(body: unknown): Promise<{ status: number; code?: string; message?: string }> {
      const response = await fetch(route('sessions'), { method: 'POST', headers, body: JSON.stringify(body) })
      const answer = (await response.json()) as { code?: string; message?: string }
      return { status: response.status, ...answer }
    },
  }
}

function messageData(
  client: ReturnType<typeof signInClient>,
  nonce: string,
  address: Address,
  over: Partial<SIWXMessageData> = {},
): SIWXMessageData {
  return {
    accountAddress: address,
    chainId: 'eip155:31337',
    domain: client.host,
    uri: `${client.origin}/siwx/`,
    version: '1',
    nonce,
    statement: 'Sign in to the Pairwise sign-in example.',
    issuedAt: new Date().toISOString(),
    ...over,
  }
}

async function signed(data: SIWXMessageData, signer = owner) {
  const message = formatSiwxMessage(data)
  return { data, message, signature: await signer.signMessage({ message }) }
}

test.describe('the api refuses, each with a clear error', () => {
  test('a replayed nonce', async ({ stack }) => {
    const client = signInClient(stack)
    const body = await signed(messageData(client, await client.nonce(), owner.address))
    expect((await client.add(body)).status).toBe(201)
    expect(await client.add(body)).toMatchObject({ status: 401, code: 'NONCE_INVALID' })
  })

  test('an expired nonce (an api on the same chain whose clock we move past its five minutes)', async ({
    stack,
  }) => {
    let skew = 0
    const api = await startApi({
      port: 0,
      database: join(stack.dataDir, 'clock-api.sqlite'),
      logger: silentLogger,
      now: () => Date.now() + skew,
      chains: [
        localApiChain({
          rpcUrl: stack.chain.rpcUrl,
          testUsd: stack.fixtures.testUsd,
          chainId: stack.chain.chainId,
        }),
      ],
      indexer: false,
    })
    try {
      await ensureDemoProject(api.db, [new URL(stack.demoUrl).origin])
      const client = signInClient(stack, api.url)
      const nonce = await client.nonce()
      skew = 5 * 60_000 + 1000
      const late = await signed(
        messageData(client, nonce, owner.address, { issuedAt: new Date(Date.now() + skew).toISOString() }),
      )
      expect(await client.add(late)).toMatchObject({ status: 401, code: 'NONCE_INVALID' })
      skew = 0
      const fresh = await signed(messageData(client, await client.nonce(), owner.address))
      expect((await client.add(fresh)).status).toBe(201)
    } finally {
      await api.close()
    }
  })

  test('a nonce the server never issued', async ({ stack }) => {
    const client = signInClient(stack)
    const body = await signed(messageData(client, 'NotIssuedByTheServer123', owner.address))
    expect(await client.add(body)).toMatchObject({ status: 401, code: 'NONCE_INVALID' })
  })

  test('a message for another domain', async ({ stack }) => {
    const client = signInClient(stack)
    const body = await signed(
      messageData(client, await client.nonce(), owner.address, {
        domain: 'evil.example',
        uri: 'https://evil.example/',
      }),
    )
    expect(await client.add(body)).toMatchObject({ status: 403, code: 'DOMAIN_NOT_ALLOWED' })
  })

  test('a uri of another origin', async ({ stack }) => {
    const client = signInClient(stack)
    const body = await signed(
      messageData(client, await client.nonce(), owner.address, { uri: 'https://evil.example/siwx/' }),
    )
    expect(await client.add(body)).toMatchObject({ status: 400, code: 'URI_MISMATCH' })
  })

  test('a chain id changed after signing, and a chain the api does not serve', async ({ stack }) => {
    const client = signInClient(stack)
    const body = await signed(messageData(client, await client.nonce(), owner.address))
    const changed = { ...body, data: { ...body.data, chainId: 'eip155:1' } }
    expect(await client.add(changed)).toMatchObject({ status: 400, code: 'INVALID_MESSAGE' })
    const other = await signed(
      messageData(client, await client.nonce(), owner.address, { chainId: 'eip155:1' }),
    )
    expect(await client.add(other)).toMatchObject({ status: 400, code: 'UNSUPPORTED_CHAIN' })
  })

  test('an expired message and a not-yet-valid one', async ({ stack }) => {
    const client = signInClient(stack)
    const minute = 60_000
    const expired = await signed(
      messageData(client, await client.nonce(), owner.address, {
        issuedAt: new Date(Date.now() - 2 * minute).toISOString(),
        expirationTime: new Date(Date.now() - minute).toISOString(),
      }),
    )
    expect(await client.add(expired)).toMatchObject({ status: 401, code: 'MESSAGE_EXPIRED' })
    const early = await signed(
      messageData(client, await client.nonce(), owner.address, {
        notBefore: new Date(Date.now() + 10 * minute).toISOString(),
      }),
    )
    expect(await client.add(early)).toMatchObject({ status: 401, code: 'MESSAGE_NOT_YET_VALID' })
  })

  test('a signature by another key, and its nonce is spent even so', async ({ stack }) => {
    const client = signInClient(stack)
    const data = messageData(client, await client.nonce(), owner.address)
    const forged = await signed(data, stranger)
    expect(await client.add(forged)).toMatchObject({ status: 401, code: 'INVALID_SIGNATURE' })
    expect(await client.add(await signed(data))).toMatchObject({ status: 401, code: 'NONCE_INVALID' })
  })

  test("an undeployed smart account's bare signature; the ERC-6492 wrapped one passes", async ({ stack }) => {
    const client = signInClient(stack)
    const chain = createWalletClient({
      account: owner,
      transport: http(stack.chain.rpcUrl, { retryCount: 0 }),
    }).extend(publicActions)
    const factory = stack.fixtures.smartAccountFactory
    const salt = BigInt(Date.now())
    const account = (await chain.readContract({
      address: factory,
      abi: smartAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner.address, salt],
    })) as Address
    expect(await chain.getCode({ address: account })).toBeUndefined()
    const bare = await signed(messageData(client, await client.nonce(), account))
    expect(await client.add(bare)).toMatchObject({ status: 401, code: 'INVALID_SIGNATURE' })

    const data = messageData(client, await client.nonce(), account)
    const inner = await signed(data)
    const wrapped: Hex = serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({
        abi: smartAccountFactoryAbi,
        functionName: 'deploy',
        args: [owner.address, salt],
      }),
      signature: inner.signature,
    })
    expect(await client.add({ ...inner, signature: wrapped })).toMatchObject({ status: 201 })
  })
})
