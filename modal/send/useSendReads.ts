import { useEffect, useState } from 'react'
import type { Address } from 'viem'
import { type ChainRead, currentRead } from './chainRead.js'
import type { Fee } from './fee.js'
import { type Recipient, readRecipient } from './recipient.js'
import type { SendChain } from './sendChain.js'
import { tokenKey } from './tokens.js'
import type { SendToken } from './transfer.js'

/** The account's balance of the token chosen and of the native coin (which pays the fee). */
export type Held = { balance: bigint; native: bigint }

/** Reads `token`'s and the native coin's balances from the chain, again whenever it or the chain changes. */
export function useHeld(chain: SendChain, token: SendToken, native: SendToken): Held | undefined {
  const [held, setHeld] = useState<ChainRead<Held>>()
  const key = tokenKey(token)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chain` and `key` name what is read.
  useEffect(() => {
    let live = true
    Promise.all([chain.balanceOf(token), token.contract ? chain.balanceOf(native) : undefined]).then(
      ([balance, nativeBalance]) =>
        live && setHeld({ chain, key, value: { balance, native: nativeBalance ?? balance } }),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [chain, key])
  return currentRead(held, chain, key)
}

/** How long typing pauses before a recipient is read (a name lookup is a chain call). */
const recipientPauseMs = 300

export type RecipientRead = { text: string; recipient: Recipient | undefined }

/** The recipient field read (resolved when a name) once typing pauses; undefined while it is being read. */
export function useRecipient(chain: SendChain, text: string): RecipientRead | undefined {
  const [read, setRead] = useState<ChainRead<RecipientRead>>()
  useEffect(() => {
    let live = true
    const timer = setTimeout(
      () => {
        void readRecipient(text, chain.resolveName).then(
          (recipient) => live && setRead({ chain, key: text, value: { text, recipient } }),
        )
      },
      text.trim() === '' ? 0 : recipientPauseMs,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [chain, text])
  return currentRead(read, chain, text)
}

export type FeeRead =
  | { status: 'estimating' }
  | { status: 'done'; fee: Fee }
  | { status: 'failed'; error: unknown }

/**
 * The fee of sending `token` to `to` (the account itself until a recipient is known). The amount does not
 * change the gas of a plain transfer, so it is estimated with none for the native coin and one unit of a
 * token (none when the account holds none, as a transfer of more would revert).
 */
export function useFee(chain: SendChain, token: SendToken, to: Address, held: Held | undefined): FeeRead {
  const [read, setRead] = useState<ChainRead<FeeRead>>()
  const amount = token.contract && held !== undefined && held.balance > 0n ? 1n : 0n
  const key = `${tokenKey(token)}:${to}:${amount}`
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chain` and `key` name what the estimate reads.
  useEffect(() => {
    let live = true
    chain.estimateFee({ token, to, amount }).then(
      (fee) => live && setRead({ chain, key, value: { status: 'done', fee } }),
      (error: unknown) => live && setRead({ chain, key, value: { status: 'failed', error } }),
    )
    return () => {
      live = false
    }
  }, [chain, key])
  return currentRead(read, chain, key) ?? { status: 'estimating' }
}
