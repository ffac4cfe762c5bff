import { describe, expect, it } from 'vitest'
import { storedAddress } from '../../../../services/api/siwx/acceptSignIn.js'

const mainnet = 'bip122:000000000019d6689c085ae165831e93'
const regtest = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const segwit = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const taproot = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'

describe('the address a sign-in session is kept under', () => {
  it('keeps the upper and lower case forms of one bech32 or bech32m address as one address', () => {
    for (const address of [segwit, taproot]) {
      expect(storedAddress(mainnet, address.toUpperCase())).toBe(address)
      expect(storedAddress(mainnet, address)).toBe(address)
    }
    const local = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080'
    expect(storedAddress(regtest, local.toUpperCase())).toBe(local)
  })

  it('keeps a legacy base58 address as spelled, its case being part of it', () => {
    for (const address of ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'])
      expect(storedAddress(mainnet, address)).toBe(address)
  })

  it('leaves a mixed-case bech32 spelling, which is no address, and another network prefix as given', () => {
    const mixed = `BC1Q${segwit.slice(4)}`
    expect(storedAddress(mainnet, mixed)).toBe(mixed)
    expect(storedAddress(regtest, segwit.toUpperCase())).toBe(segwit.toUpperCase())
  })

  it('still spells an eip155 address in EIP-55 whatever case it came in', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(storedAddress('eip155:1', address.toLowerCase())).toBe(address)
  })
})
