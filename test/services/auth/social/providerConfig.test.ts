import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { socialConfigSchema } from '../../../../services/auth/social/providerConfig.js'

const privateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString()

describe('social provider settings', () => {
  it('fill each real provider’s endpoints and scopes, X and GitHub included', () => {
    const [github, x, discord] = socialConfigSchema.parse([
      { provider: 'github', clientId: 'id', clientSecret: 'secret' },
      { provider: 'x', clientId: 'id', clientSecret: 'secret' },
      { provider: 'discord', clientId: 'id', clientSecret: 'secret' },
    ])
    expect(github).toMatchObject({
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      scopes: ['read:user', 'user:email'],
    })
    expect(x).toMatchObject({ apiBase: 'https://api.x.com', scopes: ['users.read', 'tweet.read'] })
    expect(discord).toMatchObject({ issuer: 'https://discord.com', apiBase: 'https://discord.com/api' })
  })

  it('take Apple’s developer key instead of a secret, and Google’s issuer by default', () => {
    const [apple, google] = socialConfigSchema.parse([
      {
        provider: 'apple',
        clientId: 'com.example.web',
        teamId: 'ABCDE12345',
        keyId: 'KEY1234567',
        privateKey,
      },
      { provider: 'google', clientId: 'id', clientSecret: 'secret' },
    ])
    expect(apple).toMatchObject({ issuer: 'https://appleid.apple.com', scopes: ['name', 'email'] })
    expect(google).toMatchObject({ issuer: 'https://accounts.google.com' })
    expect(
      socialConfigSchema.safeParse([{ provider: 'apple', clientId: 'id', clientSecret: 'secret' }]).success,
    ).toBe(false)
  })

  it('refuse plain http off loopback, unknown providers, unknown keys and a provider twice', () => {
    const github = { provider: 'github', clientId: 'id', clientSecret: 'secret' }
    for (const bad of [
      [{ ...github, tokenEndpoint: 'http://github.example/token' }],
      [{ ...github, provider: 'farcaster' }],
      [{ ...github, extra: true }],
      [github, github],
      [{ provider: 'google', clientId: 'id' }],
    ])
      expect(socialConfigSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    expect(
      socialConfigSchema.safeParse([{ ...github, tokenEndpoint: 'http://127.0.0.1:9/token' }]).success,
    ).toBe(true)
  })
})
