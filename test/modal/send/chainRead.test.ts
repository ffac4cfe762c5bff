import { describe, expect, it } from 'vitest'
import { type ChainRead, currentRead } from '../../../modal/send/chainRead.js'
import { alice, bob } from '../support/kit.js'
import { chainOf } from './support/chain.js'

const held = { balance: 2n * 10n ** 18n, native: 2n * 10n ** 18n }

describe('Send: a balance, fee or name read belongs to the account and network it was read on', () => {
  it('shows the read while its chain and key are the current ones', () => {
    const chain = chainOf(alice)
    const read: ChainRead<typeof held> = { chain, key: 'native', value: held }
    expect(currentRead(read, chain, 'native')).toBe(held)
  })

  it('shows nothing for a read of another token, until that token is read', () => {
    const chain = chainOf(alice)
    expect(currentRead({ chain, key: 'native', value: held }, chain, '0xToken')).toBeUndefined()
  })

  it('shows nothing read on the chain before a switch in the wallet, though the token is the same', () => {
    const read: ChainRead<typeof held> = { chain: chainOf(alice), key: 'native', value: held }
    // The network switched: the native coin's key stays `native`, and ETH's balance is not POL's.
    expect(currentRead(read, chainOf(alice), 'native')).toBeUndefined()
    // The account switched: alice's balance is not bob's.
    expect(currentRead(read, chainOf(bob), 'native')).toBeUndefined()
  })
})
