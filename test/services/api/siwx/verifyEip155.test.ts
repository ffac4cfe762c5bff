import {
  type Address,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  type PrivateKeyAccount,
  serializeErc6492Signature,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxVerifier } from '../../../../services/api/siwx/verify/index.js'
import { devPrivateKeys, freePort, localNetwork, smartAccountFactoryAbi } from '../../../../services/index.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'

const message = 'localhost wants you to sign in with your Ethereum account:\nNonce: 3xAmPl3nonce'

describe('eip155 sign-in signatures', () => {
  let chain: ChainFixture
  let chainId: string
  let factory: Address
  const owner = privateKeyToAccount(generatePrivateKey())
  const stranger = privateKeyToAccount(generatePrivateKey())
  const verifier = createSiwxVerifier({ rpcUrl: (id) => (id === chainId ? chain.rpcUrl : undefined) })
  const verify = (address: string, signature: string, text = message, onChain = chainId) =>
    verifier.verify({ chainId: onChain, address, message: text, signature })

  const accountAddress = (salt: bigint) =>
    chain.publicClient.readContract({
      address: factory,
      abi: smartAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner.address, salt],
    })
  const wrapped = (salt: bigint, signature: Hex) =>
    serializeErc6492Signature({
      address: factory,
      data: encodeFunctionData({
        abi: smartAccountFactoryAbi,
        functionName: 'deploy',
        args: [owner.address, salt],
      }),
      signature,
    })
  const sign = (account: PrivateKeyAccount, text = message) => account.signMessage({ message: text })

  beforeAll(async () => {
    chain = await startChainFixture()
    chainId = `eip155:${chain.chainId}`
    factory = chain.fixtures.smartAccountFactory
    const wallet = createWalletClient({
      account: privateKeyToAccount(devPrivateKeys[1]),
      chain: localNetwork(chain.rpcUrl),
      transport: http(chain.rpcUrl),
    })
    const hash = await wallet.writeContract({
      address: factory,
      abi: smartAccountFactoryAbi,
      functionName: 'deploy',
      args: [owner.address, 1n],
    })
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success')
  })
  afterAll(async () => {
    await chain?.stop()
  })

  it("accepts an EOA's EIP-191 signature of the message, whatever the address's letter case", async () => {
    const signature = await sign(owner)
    expect(await verify(owner.address, signature)).toBe(true)
    expect(await verify(owner.address.toLowerCase(), signature)).toBe(true)
  })

  it("refuses another key's signature and a signature of a tampered message", async () => {
    expect(await verify(owner.address, await sign(stranger))).toBe(false)
    expect(await verify(owner.address, await sign(owner), `${message} `)).toBe(false)
  })

  it("accepts a deployed EIP-1271 account's signature by its owner, refuses one by another key", async () => {
    const account = await accountAddress(1n)
    expect(await chain.publicClient.getCode({ address: account })).not.toBeUndefined()
    expect(await verify(account, await sign(owner))).toBe(true)
    expect(await verify(account, await sign(stranger))).toBe(false)
    expect(await verify(account, await sign(owner), `${message} `)).toBe(false)
  })

  it('refuses the bare signature of an undeployed account, accepts it ERC-6492 wrapped, and leaves it undeployed', async () => {
    const account = await accountAddress(2n)
    const signature = await sign(owner)
    expect(await verify(account, signature)).toBe(false)
    expect(await verify(account, wrapped(2n, signature))).toBe(true)
    expect(await verify(account, wrapped(2n, await sign(stranger)))).toBe(false)
    expect(await verify(account, wrapped(3n, signature))).toBe(false)
    expect(await chain.publicClient.getCode({ address: account })).toBeUndefined()
  })

  it("refuses the zero address, whose key no one holds, for the signatures the chain's ecrecover cannot recover", async () => {
    // ecrecover answers address(0) for these, so the ERC-6492 validator's `ecrecover(...) == signer` holds.
    const unrecoverable: Hex[] = [
      `0x${'00'.repeat(64)}1b`,
      `0x${'00'.repeat(64)}1c`,
      `0x${'ff'.repeat(64)}1b`,
    ]
    for (const signature of unrecoverable) {
      expect(await verify(zeroAddress, signature), signature).toBe(false)
      expect(await verify(zeroAddress, signature, message, 'eip155:1'), signature).toBe(false)
    }
  })

  it('takes the recovery byte as 0, 1, 27 or 28 and refuses any other, online and offline', async () => {
    const signature = await sign(owner)
    const withV = (v: number) => `${signature.slice(0, 130)}${v.toString(16).padStart(2, '0')}`
    const parity = Number.parseInt(signature.slice(130), 16) - 27
    for (const onChain of [chainId, 'eip155:1']) {
      for (const v of [parity, parity + 27])
        expect(await verify(owner.address, withV(v), message, onChain)).toBe(true)
      for (const v of [1 - parity, 28 - parity, parity + 2, parity + 29, parity + 35, 255])
        expect(await verify(owner.address, withV(v), message, onChain), `v ${v} on ${onChain}`).toBe(false)
    }
  })

  it('without an RPC url for the chain, checks EOAs offline and refuses contract and ERC-6492 signatures', async () => {
    const signature = await sign(owner)
    expect(await verify(owner.address, signature, message, 'eip155:1')).toBe(true)
    expect(await verify(owner.address, await sign(stranger), message, 'eip155:1')).toBe(false)
    expect(await verify(await accountAddress(1n), signature, message, 'eip155:1')).toBe(false)
    expect(await verify(await accountAddress(2n), wrapped(2n, signature), message, 'eip155:1')).toBe(false)
  })

  it("answers false, not an error, for a contract account when the chain does not answer; an EOA's signature still checks", async () => {
    const closed = `http://127.0.0.1:${await freePort()}`
    const unreachable = createSiwxVerifier({ rpcUrl: () => closed })
    const signature = await sign(owner)
    const account = await accountAddress(2n)
    await expect(
      unreachable.verify({ chainId, message, address: account, signature: wrapped(2n, signature) }),
    ).resolves.toBe(false)
    await expect(unreachable.verify({ chainId, message, address: owner.address, signature })).resolves.toBe(
      true,
    )
  })

  it('never throws and answers false for garbage addresses, signatures and chain ids', async () => {
    const signature = await sign(owner)
    const garbage: [string, string, string][] = [
      [chainId, owner.address, ''],
      [chainId, owner.address, '0x'],
      [chainId, owner.address, '0x1234'],
      [chainId, owner.address, 'not hex'],
      [chainId, owner.address, signature.slice(2)],
      [chainId, owner.address, `${signature}0`],
      [chainId, owner.address, `0x${'ff'.repeat(65)}`],
      [chainId, owner.address, `0x${'ab'.repeat(20_000)}`],
      [chainId, 'not an address', signature],
      [chainId, `${owner.address}00`, signature],
      [chainId, '', signature],
      ['eip155', owner.address, signature],
      ['eip155:', owner.address, signature],
      ['EIP155:1', owner.address, signature],
      ['cosmos:cosmoshub-4', owner.address, signature],
      ['', owner.address, signature],
    ]
    for (const [onChain, address, candidate] of garbage) {
      expect(
        await verify(address, candidate, message, onChain),
        `${onChain} ${address} ${candidate.slice(0, 20)}`,
      ).toBe(false)
    }
  })
})
