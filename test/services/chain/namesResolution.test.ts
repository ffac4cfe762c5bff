import { EnsPlugin, JsonRpcProvider, Network } from 'ethers'
import {
  type Address,
  ccipRequest,
  createPublicClient,
  createWalletClient,
  decodeAbiParameters,
  encodeAbiParameters,
  type Hex,
  http,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { toCoinType } from 'viem/ens'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureDeployerKey, localNetwork, offchainResolverAbi } from '../../../services/index.js'
import { type NamesStack, startNamesStack, zone } from '../api/names/namesStack.js'

type Tamper = (answer: Hex) => Hex

/** Flips the lowest bit of the last byte. */
const flip = (bytes: Hex): Hex =>
  `${bytes.slice(0, -2)}${(Number.parseInt(bytes.slice(-2), 16) ^ 1).toString(16).padStart(2, '0')}` as Hex
const answerParameters = [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }] as const
const tamperSignature: Tamper = (answer) => {
  const [result, expires, signature] = decodeAbiParameters(answerParameters, answer)
  return encodeAbiParameters(answerParameters, [result, expires, flip(signature)])
}
const tamperResult: Tamper = (answer) => {
  const [result, expires, signature] = decodeAbiParameters(answerParameters, answer)
  return encodeAbiParameters(answerParameters, [flip(result), expires, signature])
}

describe('names resolve with any ENS client', () => {
  let stack: NamesStack
  const alice = privateKeyToAccount(generatePrivateKey())
  const name = `alice-test.${zone}`

  // viem through our universal resolver; its gateway answers optionally altered on the way.
  const viemClient = (tamper?: Tamper): PublicClient =>
    createPublicClient({
      transport: http(stack.chain.rpcUrl, { retryCount: 0 }),
      ccipRead: tamper ? { request: async (request) => tamper(await ccipRequest(request)) } : undefined,
    })
  const viemAddress = (client: PublicClient, ensName: string) =>
    client.getEnsAddress({ name: ensName, universalResolverAddress: stack.contracts.universalResolver })
  const viemName = (client: PublicClient, address: Address) =>
    client.getEnsName({ address, universalResolverAddress: stack.contracts.universalResolver })
  const ethersProvider = () => {
    const network = new Network('anvil', BigInt(stack.chain.chainId))
    network.attachPlugin(new EnsPlugin(stack.contracts.ensRegistry, 60))
    return new JsonRpcProvider(stack.chain.rpcUrl, network, { staticNetwork: network })
  }

  beforeAll(async () => {
    stack = await startNamesStack()
    const { status } = await stack.register(alice, name)
    expect(status).toBe(200)
  }, 60_000)
  afterAll(async () => {
    await stack?.stop()
  })

  it('NAME-09 viem getEnsAddress and getEnsName resolve a registered name both ways', async () => {
    const client = viemClient()
    expect(await viemAddress(client, name)).toBe(alice.address)
    expect(await viemName(client, alice.address)).toBe(name)
    const onChain = (coinType: bigint) =>
      client.getEnsAddress({ name, coinType, universalResolverAddress: stack.contracts.universalResolver })
    // Other coin types answer raw bytes, which viem hands back as lower-case hex.
    expect(await onChain(toCoinType(stack.chain.chainId))).toBe(alice.address.toLowerCase())
    expect(await onChain(0x80000000n)).toBe(alice.address.toLowerCase())
    expect(await onChain(toCoinType(10))).toBeNull()
    // No text records yet: an avatar lookup (what a profile asks) answers nothing rather than failing.
    expect(
      await client.getEnsText({
        name,
        key: 'avatar',
        universalResolverAddress: stack.contracts.universalResolver,
      }),
    ).toBeNull()
  })

  it('NAME-09 ethers v6 resolveName and lookupAddress resolve a registered name both ways', async () => {
    const provider = ethersProvider()
    try {
      expect(await provider.resolveName(name)).toBe(alice.address)
      expect(await provider.lookupAddress(alice.address)).toBe(name)
      const resolver = await provider.getResolver(name)
      expect(await resolver?.supportsWildcard()).toBe(true)
    } finally {
      provider.destroy()
    }
  })

  it('a tampered gateway answer (a signature or result byte flipped) resolves to null', async () => {
    for (const tamper of [tamperSignature, tamperResult]) {
      const client = viemClient(tamper)
      expect(await viemAddress(client, name)).toBeNull()
      expect(await viemName(client, alice.address)).toBeNull()
    }
  })

  it('a gateway answer past its 5 minutes (the chain an hour ahead) is refused by the resolver: null', async () => {
    const client = viemClient()
    const before = await stack.chain.snapshot()
    try {
      await stack.chain.testClient.increaseTime({ seconds: 3600 })
      await stack.chain.testClient.mine({ blocks: 1 })
      expect(await viemAddress(client, name)).toBeNull()
    } finally {
      await stack.chain.revert(before)
    }
    expect(await viemAddress(client, name)).toBe(alice.address)
  })

  it("answers signed by a key the resolver's owner took off the signer list resolve to null", async () => {
    const client = viemClient()
    const owner = createWalletClient({
      account: privateKeyToAccount(fixtureDeployerKey),
      chain: localNetwork(stack.chain.rpcUrl, stack.chain.chainId),
      transport: http(stack.chain.rpcUrl),
    })
    const setSigner = async (allowed: boolean) => {
      const hash = await owner.writeContract({
        address: stack.contracts.offchainResolver,
        abi: offchainResolverAbi,
        functionName: 'setSigner',
        args: [privateKeyToAccount(stack.signerKey).address, allowed],
      })
      await stack.chain.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    }
    await setSigner(false)
    try {
      expect(await viemAddress(client, name)).toBeNull()
    } finally {
      await setSigner(true)
    }
    expect(await viemAddress(client, name)).toBe(alice.address)
  })

  it('an unknown name and an address without a name resolve to null', async () => {
    const client = viemClient()
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    expect(await viemAddress(client, `nobody-here.${zone}`)).toBeNull()
    expect(await viemAddress(client, 'nobody.other.eth')).toBeNull()
    expect(await viemName(client, stranger)).toBeNull()
    const provider = ethersProvider()
    try {
      expect(await provider.resolveName(`nobody-here.${zone}`)).toBeNull()
      expect(await provider.lookupAddress(stranger)).toBeNull()
    } finally {
      provider.destroy()
    }
  })

  it('NAME-09 a newly registered name resolves at once through the gateway', async () => {
    const bob = privateKeyToAccount(generatePrivateKey())
    const client = viemClient()
    expect(await viemAddress(client, `bob-later.${zone}`)).toBeNull()
    expect((await stack.register(bob, `bob-later.${zone}`)).status).toBe(200)
    expect(await viemAddress(client, `bob-later.${zone}`)).toBe(bob.address)
    expect(await viemName(client, bob.address)).toBe(`bob-later.${zone}`)
  })
})
