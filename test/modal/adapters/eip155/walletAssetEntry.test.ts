import { describe, expect, expectTypeOf, it } from 'vitest'
import * as z from 'zod/mini'
import {
  type TokenBalance,
  type WalletAssetEntry,
  walletAssetEntrySchema,
  walletAssetTokenBalance,
} from '../../../../modal/index.js'
import { typeMembers } from '../../support/typeMembers.js'

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const nativeEntry: WalletAssetEntry = {
  address: 'native',
  balance: '0x14d1120d7b160000',
  type: 'NATIVE',
  metadata: {
    name: 'Ether',
    symbol: 'ETH',
    decimals: 18,
    price: 2000,
    iconUrl: 'https://example.com/eth.png',
  },
}
const tokenEntry: WalletAssetEntry = {
  address: usdc,
  balance: '0xbebc20',
  type: 'ERC20',
  metadata: {
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: 6,
    price: 1,
    iconUrl: 'https://example.com/usdc.png',
  },
}

describe('token balances and wallet-assets entries (spec §3)', () => {
  it('ENT-01 a token balance has name, symbol, chainId, address, value, price, quantity {decimals, numeric} and iconUrl, with quantity.decimals as text', () => {
    expect(typeMembers('modal/state/types.ts', 'TokenBalance')).toEqual([
      'name',
      'symbol',
      'chainId',
      'address',
      'value',
      'price',
      'quantity',
      'iconUrl',
    ])
    expectTypeOf<TokenBalance['quantity']>().toEqualTypeOf<{ decimals: string; numeric: string }>()
    expectTypeOf<TokenBalance['address']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<TokenBalance['value']>().toEqualTypeOf<number>()
    expect(walletAssetTokenBalance(tokenEntry, 'eip155:1')).toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: `eip155:1:${usdc}`,
      value: 12.5,
      price: 1,
      quantity: { decimals: '6', numeric: '12.5' },
      iconUrl: 'https://example.com/usdc.png',
    })
  })

  it('ENT-02 the native token’s balance has no address; any other token’s address is chainId:address', () => {
    const native = walletAssetTokenBalance(nativeEntry, 'eip155:137')
    expect(native).not.toHaveProperty('address')
    expect(walletAssetTokenBalance(tokenEntry, 'eip155:137').address).toBe(`eip155:137:${usdc}`)
  })

  it('ENT-03 a wallet-assets entry has address, hex balance, type ERC20 or NATIVE and metadata; any other type is rejected', () => {
    expect(z.parse(walletAssetEntrySchema, tokenEntry)).toEqual(tokenEntry)
    expect(z.parse(walletAssetEntrySchema, nativeEntry)).toEqual(nativeEntry)
    expectTypeOf<WalletAssetEntry['type']>().toEqualTypeOf<'ERC20' | 'NATIVE'>()
    expectTypeOf<WalletAssetEntry['metadata']>().toEqualTypeOf<{
      name: string
      symbol: string
      decimals: number
      price: number
      iconUrl: string
    }>()
    const rejected = (entry: unknown) => !z.safeParse(walletAssetEntrySchema, entry).success
    expect(rejected({ ...tokenEntry, type: 'ERC721' })).toBe(true)
    expect(rejected({ ...tokenEntry, type: 'erc20' })).toBe(true)
    expect(rejected({ ...tokenEntry, balance: '12500000' })).toBe(true)
    expect(rejected({ ...tokenEntry, address: '0x1234' })).toBe(true)
    expect(rejected({ ...tokenEntry, address: 'native' })).toBe(true)
    expect(rejected({ ...nativeEntry, address: usdc })).toBe(true)
    const { iconUrl: _, ...noIcon } = tokenEntry.metadata
    expect(rejected({ ...tokenEntry, metadata: noIcon })).toBe(true)
    expect(rejected({ address: usdc, balance: '0x1', type: 'ERC20' })).toBe(true)
  })

  it('ENT-04 a wallet-assets entry converts to a token balance: the hex balance scaled by its decimals is the quantity, and a NATIVE entry gets no address', () => {
    // 0x14d1120d7b160000 wei is 1.5 ether.
    expect(walletAssetTokenBalance(nativeEntry, 'eip155:1')).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: 'eip155:1',
      value: 3000,
      price: 2000,
      quantity: { decimals: '18', numeric: '1.5' },
      iconUrl: 'https://example.com/eth.png',
    })
    const oneUnit = walletAssetTokenBalance({ ...tokenEntry, balance: '0x1' }, 'eip155:1')
    expect(oneUnit.quantity).toEqual({ decimals: '6', numeric: '0.000001' })
  })
})
