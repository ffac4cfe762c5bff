import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  dappDataSchema,
  frameMessageSchema,
  frameRequestEnvelopeSchema,
  frameUserSchema,
  socialProviderSchema,
} from '../../../engine/frame/index.js'

const address = '0x1111111111111111111111111111111111111111'
const user = { address, chainId: 1, accounts: [{ address, type: 'eoa' }], preferredAccountType: 'eoa' }

describe('frame entities', () => {
  it('ENT-13 a frame user requires address, chainId, accounts and preferredAccountType; the rest may be omitted', () => {
    expect(frameUserSchema.parse(user)).toEqual(user)
    for (const field of ['address', 'chainId', 'accounts', 'preferredAccountType'])
      expect(frameUserSchema.safeParse({ ...user, [field]: undefined }).success, field).toBe(false)
    const full = {
      ...user,
      email: 'ada@example.com',
      userName: 'ada',
      signature: '0xabc',
      message: 'hello',
      siwxMessage: {
        accountAddress: address,
        chainId: 'eip155:1',
        domain: 'app.example',
        uri: 'https://app.example',
        version: '1',
        nonce: 'abcdefgh',
      },
      smartAccountDeployed: true,
    }
    expect(frameUserSchema.parse(full)).toEqual(full)
  })

  it('ENT-13 each account has an address and a type of EOA or smart account; any other type is rejected', () => {
    const accounts = [
      { address, type: 'eoa' },
      { address, type: 'smartAccount' },
    ]
    expect(frameUserSchema.parse({ ...user, accounts }).accounts).toEqual(accounts)
    for (const type of ['smart', 'EOA', 'contract', ''])
      expect(frameUserSchema.safeParse({ ...user, accounts: [{ address, type }] }).success, type).toBe(false)
    expect(frameUserSchema.safeParse({ ...user, accounts: [{ type: 'eoa' }] }).success).toBe(false)
    expect(frameUserSchema.safeParse({ ...user, preferredAccountType: 'contract' }).success).toBe(false)
  })

  it('ENT-14 a frame message may carry an id and a type', () => {
    const id = randomUUID()
    expect(frameMessageSchema.parse({ v: 1 })).toEqual({ v: 1 })
    expect(frameMessageSchema.parse({ v: 1, id, type: 'READY' })).toEqual({ v: 1, id, type: 'READY' })
    expect(frameMessageSchema.safeParse({ v: 1, id: 'not-a-uuid' }).success).toBe(false)
  })

  it('ENT-14 an app event message carries a payload', () => {
    const event = { v: 1, id: randomUUID(), type: 'CONNECT_EMAIL', payload: { email: 'ada@example.com' } }
    expect(frameRequestEnvelopeSchema.parse(event)).toEqual(event)
    expect(frameRequestEnvelopeSchema.safeParse({ ...event, payload: undefined }).success).toBe(false)
    const { payload: _, ...withoutPayload } = event
    expect(frameRequestEnvelopeSchema.safeParse(withoutPayload).success).toBe(false)
  })

  it('SOC-01 the social provider field accepts google, github, apple, facebook, x and discord, and nothing else', () => {
    for (const provider of ['google', 'github', 'apple', 'facebook', 'x', 'discord'])
      expect(socialProviderSchema.parse(provider)).toBe(provider)
    for (const provider of ['farcaster', 'twitter', 'Google', '', 'email'])
      expect(socialProviderSchema.safeParse(provider).success, provider).toBe(false)
  })

  it("the host's own metadata, shown on every approval, is held to the caps a peer's metadata has", () => {
    const metadata = { name: 'Dapp', description: 'd', url: 'https://dapp.example', icons: [] }
    const data = { sdkVersion: '1.7.13', sdkType: 'pairwise', projectId: 'p1', metadata }
    expect(dappDataSchema.safeParse(data).success).toBe(true)
    const over = [
      { ...metadata, name: 'n'.repeat(257) },
      { ...metadata, description: 'd'.repeat(4097) },
      { ...metadata, url: `https://${'u'.repeat(2048)}` },
      { ...metadata, icons: Array.from({ length: 9 }, () => 'https://dapp.example/i.png') },
      { ...metadata, icons: [`data:image/png;base64,${'A'.repeat(32_768)}`] },
    ]
    for (const metadata of over) expect(dappDataSchema.safeParse({ ...data, metadata }).success).toBe(false)
    expect(dappDataSchema.safeParse({ ...data, projectId: 'p'.repeat(129) }).success).toBe(false)
  })
})
