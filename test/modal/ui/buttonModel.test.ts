import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../../modal/i18n/translate.js'
import { defineNetwork } from '../../../modal/networks/index.js'
import { initialAccount } from '../../../modal/state/types.js'
import { type ButtonAttributes, buttonModel } from '../../../modal/ui/buttonModel.js'

const t = createTranslator()
const none: ButtonAttributes = { label: undefined, balance: undefined }
const anvil = defineNetwork({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Test Ether', symbol: 'tETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const connected = {
  account: {
    ...initialAccount,
    status: 'connected' as const,
    address,
    balance: '9999.987650',
    balanceSymbol: 'tETH',
  },
  activeNetwork: anvil,
}

describe('page buttons', () => {
  it('paint as a disconnected visitor would see them before the instance exists', () => {
    expect(buttonModel('appkit-button', undefined, none, t)).toEqual({
      testId: 'connect-button',
      text: ['Connect Wallet'],
      variant: 'accent',
      opens: undefined,
    })
    expect(buttonModel('appkit-account-button', undefined, none, t)).toBeNull()
    expect(buttonModel('appkit-network-button', undefined, none, t)?.text).toEqual(['Network'])
  })

  it('say Connecting… while a connection is under way, and take the label attribute otherwise', () => {
    const connecting = { account: { ...initialAccount, status: 'connecting' as const }, activeNetwork: anvil }
    expect(buttonModel('appkit-connect-button', connecting, none, t)?.text).toEqual(['Connecting…'])
    expect(buttonModel('appkit-button', undefined, { ...none, label: 'Sign in' }, t)?.text).toEqual([
      'Sign in',
    ])
  })

  it('become the account button once connected: short balance and address, opening Account', () => {
    expect(buttonModel('appkit-button', connected, none, t)).toEqual({
      testId: 'account-button',
      text: ['9,999.9876 tETH', '0xf39F…2266'],
      variant: 'account',
      opens: 'Account',
    })
    expect(buttonModel('appkit-account-button', connected, { ...none, balance: 'hide' }, t)?.text).toEqual([
      '0xf39F…2266',
    ])
    const named = { ...connected, account: { ...connected.account, profileName: 'alice.eth' } }
    expect(buttonModel('appkit-button', named, none, t)?.text.at(-1)).toBe('alice.eth')
  })

  it('write the balance in the modal’s locale: German groups with dots and marks decimals with a comma', () => {
    const german = createTranslator('de')
    expect(buttonModel('appkit-button', connected, none, german)?.text[0]).toBe('9.999,9876 tETH')
    const tiny = { ...connected, account: { ...connected.account, balance: '0.000000000000000001' } }
    expect(buttonModel('appkit-button', tiny, none, german)?.text[0]).toBe('< 0,0001 tETH')
  })

  it('name the active network on the network button, which opens Networks', () => {
    expect(buttonModel('appkit-network-button', connected, none, t)).toMatchObject({
      text: ['Anvil'],
      opens: 'Networks',
    })
  })
})
