import { type Hex, serializeErc6492Signature, serializeErc8010Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxVerifier } from '../../../../services/api/siwx/verify/index.js'
import { recordingChain } from '../../../support/recordingChain.js'

const chainId = 'eip155:31337'
const message = 'localhost wants you to sign in with your Ethereum account:\nNonce: 3xAmPl3nonce'
// EIP-7825's cap on one transaction: no account's check of its own signature needs more.
const transactionGasCap = 2n ** 24n
// Whatever the attacker's factory or initializer does, it is handed this calldata to run.
const burnCalldata: Hex = `0x${'5b'.repeat(4096)}`

describe('the chain calls an eip155 sign-in check makes', () => {
  let chain: Awaited<ReturnType<typeof recordingChain>>
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = privateKeyToAccount(generatePrivateKey())
  const verify = (address: string, signature: string) =>
    createSiwxVerifier({ rpcUrl: () => chain.url }).verify({ chainId, address, message, signature })

  beforeAll(async () => {
    chain = await recordingChain()
  })
  afterAll(async () => {
    await chain.close()
  })

  it("caps the gas of the ERC-6492 check, which runs a factory and calldata the signer chose, at one transaction's most", async () => {
    chain.calls.length = 0
    const signature = serializeErc6492Signature({
      address: account.address,
      data: burnCalldata,
      signature: await owner.signMessage({ message }),
    })
    await verify(account.address, signature)
    const gas = chain.gasOfEveryCall()
    expect(gas.length).toBeGreaterThan(0)
    for (const each of gas) expect(each).toBe(transactionGasCap)
  })

  it('caps the gas of the ERC-8010 check, which runs an initializer and calldata the signer chose, the same', async () => {
    chain.calls.length = 0
    const authorization = await account.signAuthorization({
      address: owner.address,
      chainId: 31337,
      nonce: 0,
    })
    const signature = serializeErc8010Signature({
      authorization,
      data: burnCalldata,
      signature: await account.signMessage({ message }),
    })
    await verify(account.address, signature)
    const gas = chain.gasOfEveryCall()
    expect(gas.length).toBeGreaterThan(0)
    for (const each of gas) expect(each).toBe(transactionGasCap)
  })
})
