import { serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SignInVerifier } from '../../../../services/auth/farcaster/signInVerifier.js'
import { registerFarcasterAccount } from '../../../../services/chain/farcasterRegistries.js'
import { type ChainFixture, startChainFixture } from '../../../support/chain.js'
import { recordingChain } from '../../../support/recordingChain.js'

const custody = privateKeyToAccount(generatePrivateKey())
const fid = 1234n
const domain = 'wallet.pairwise.test'
const nonce = 'abcdef0123456789'
const uri = `https://${domain}/login`
const now = Date.UTC(2026, 0, 10, 12)
const hour = 60 * 60 * 1000

let chain: ChainFixture
let verifier: SignInVerifier
beforeAll(async () => {
  chain = await startChainFixture()
  await registerFarcasterAccount(chain.rpcUrl, { fid, custody: custody.address })
  verifier = new SignInVerifier(chain.rpcUrl)
}, 60_000)
afterAll(async () => {
  await chain?.stop()
})

/** A Sign In With Farcaster message as a Farcaster app builds it for this login, with `change` applied. */
const siwf = (change: Partial<Parameters<typeof createSiweMessage>[0]> = {}) =>
  createSiweMessage({
    address: custody.address,
    chainId: 10,
    domain,
    nonce,
    uri,
    version: '1',
    statement: 'Farcaster Auth',
    issuedAt: new Date(now - 1000),
    resources: [`farcaster://fid/${fid}`],
    ...change,
  })

const verify = async (message: string) =>
  verifier.verify({ message, signature: await custody.signMessage({ message }), nonce, domain, uri, now })

describe('the Sign In With Farcaster verifier', () => {
  it('signs in the custody address of the fid the message names', async () => {
    await expect(verify(siwf())).resolves.toMatchObject({ fid, authMethod: 'custody' })
  })

  it('refuses a message out of its time window, for another chain, statement or resources', async () => {
    const cases: [string, string][] = [
      [siwf({ expirationTime: new Date(now - hour) }), 'Expired message'],
      [siwf({ notBefore: new Date(now + hour) }), 'Message not yet valid'],
      [siwf({ chainId: 1 }), 'not a Sign In With Farcaster message'],
      [siwf({ statement: 'Sign in' }), 'not a Sign In With Farcaster message'],
      [siwf({ resources: [`farcaster://fid/${fid}`, 'farcaster://fid/1'] }), 'exactly one farcaster://fid'],
    ]
    for (const [message, reason] of cases) await expect(verify(message), reason).rejects.toThrow(reason)
  })

  // The message names its own URI: one other than the channel's was signed for another page, though
  // our domain and nonce are in it.
  it('refuses a message whose URI is not exactly the one the channel asked for', async () => {
    for (const other of [
      'https://evil.example/login',
      `https://${domain}/login/`,
      `https://${domain}/login?next=/`,
      `http://${domain}/login`,
    ])
      await expect(verify(siwf({ uri: other })), other).rejects.toThrow('Invalid uri')
  })

  // viem reads a time that is not an EIP-4361 date-time as an invalid Date, which compares false with
  // every time: an unreadable expiration or start let a signed message through whatever its window.
  it('refuses a message whose issued, expiration or not-before time is not a date-time', async () => {
    const expiring = siwf({ expirationTime: new Date(now - hour) })
    const starting = siwf({ notBefore: new Date(now + hour) })
    const issued = siwf()
    for (const [message, field] of [
      [expiring, 'Expiration Time'],
      [starting, 'Not Before'],
      [issued, 'Issued At'],
    ] as const) {
      const unreadable = message.replace(new RegExp(`${field}: .*`), `${field}: yesterday`)
      expect(unreadable).toContain(`${field}: yesterday`)
      await expect(verify(unreadable), field).rejects.toThrow(`Invalid message: ${field} is not a date-time`)
    }
  })

  it("caps the gas of a smart account signature check, which runs a factory and calldata the signer chose, at one transaction's most", async () => {
    const optimism = await recordingChain()
    try {
      const message = siwf()
      const signature = serializeErc6492Signature({
        address: custody.address,
        data: `0x${'5b'.repeat(4096)}`,
        signature: await custody.signMessage({ message }),
      })
      await new SignInVerifier(optimism.url)
        .verify({ message, signature, nonce, domain, uri, now })
        .catch(() => undefined)
      const gas = optimism.gasOfEveryCall()
      expect(gas.length).toBeGreaterThan(0)
      for (const each of gas) expect(each).toBe(2n ** 24n)
    } finally {
      await optimism.close()
    }
  })
})
