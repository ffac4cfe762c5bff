import { type Address, getAddress, type Hex } from 'viem'
import * as z from 'zod/mini'

/*
 * Values of swap answers, checked with `z.custom` and converted where they are read (`checksummed`,
 * `BigInt`) rather than through `z.pipe` + `z.transform`: zod's schema code is one module that the first
 * load shares with every chunk, and those two would grow it on every page, swaps on or off.
 */
export const addressText = z.custom<Address>((v) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v))
export const amountText = z.custom<string>((v) => typeof v === 'string' && /^\d{1,78}$/.test(v))
export const hexText = z.custom<Hex>(
  (v) => typeof v === 'string' && v.length <= 100_000 && /^0x([0-9a-fA-F]{2})*$/.test(v),
)

/** A token of an answer with its address checksummed, so tokens compare and display alike. */
export function checksummed<T extends { address: Address }>(token: T): T {
  return { ...token, address: getAddress(token.address) }
}
