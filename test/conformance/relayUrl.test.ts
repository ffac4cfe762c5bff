import { describe, expect, it } from 'vitest'
import { SignClient } from '../../engine/index.js'

describe('privacy: the relay is one the integrator configured', () => {
  const metadata = { name: 'dapp', description: '', url: 'https://dapp.example', icons: [] }

  it('init without relayUrl fails with MISSING_OR_INVALID and contacts nothing', async () => {
    const calls: unknown[] = []
    const realFetch = globalThis.fetch
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      calls.push(args)
      return realFetch(...args)
    }
    try {
      await expect(SignClient.init({ projectId: 'p', metadata, logger: 'silent' })).rejects.toMatchObject({
        code: 5,
        message: expect.stringContaining('relayUrl: no relay configured'),
      })
    } finally {
      globalThis.fetch = realFetch
    }
    expect(calls).toEqual([])
  })

  it('init with a relayUrl that is not ws:// or wss:// fails clearly', async () => {
    await expect(
      SignClient.init({ projectId: 'p', metadata, logger: 'silent', relayUrl: 'https://relay.example' }),
    ).rejects.toThrow("relayUrl: 'https://relay.example' is not a ws:// or wss:// URL")
    await expect(
      SignClient.init({ projectId: 'p', metadata, logger: 'silent', relayUrl: 'relay' }),
    ).rejects.toThrow("relayUrl: 'relay' is not a URL")
  })
})
