import { type Address, generateKeyPairSigner } from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import { expect } from 'vitest'
import { type LocalSolana, startSolanaChain } from '../../../services/solana/index.js'
import { signedTransaction, type TestSolana, testSigner } from '../../services/solana/localSolana.js'
import { freePortPair } from '../../support/ports.js'

/** A local chain without fixtures on a free port pair, with `options` over the defaults. */
export async function startChain(
  options: Partial<Parameters<typeof startSolanaChain>[0]> = {},
): Promise<LocalSolana> {
  return startSolanaChain({ host: '127.0.0.1', port: await freePortPair(), fixtures: false, ...options })
}

/** Creates an account of `space` data bytes on `chain`, so that naming it makes answers that large. */
export async function createLargeAccount(chain: TestSolana, space: number): Promise<Address> {
  const payer = await testSigner(2)
  const account = await generateKeyPairSigner()
  const lamports = await chain.rpc.getMinimumBalanceForRentExemption(BigInt(space)).send()
  const { wire } = await signedTransaction(chain, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: account,
      lamports,
      space,
      programAddress: payer.address,
    }),
  ])
  expect((await chain.call('sendTransaction', [wire, { encoding: 'base64' }])).error).toBeUndefined()
  return account.address
}
