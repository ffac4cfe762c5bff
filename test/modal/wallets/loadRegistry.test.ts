import { MAX_WALLET_NAME_LENGTH } from '@pairwise/common'
import { describe, expect, it } from 'vitest'
import { bundledWallets } from '../../../modal/wallets/bundled.js'
import { walletConnectLink } from '../../../modal/wallets/deepLink.js'
import {
  loadRegistry,
  MAX_REGISTRY_BYTES,
  MAX_REGISTRY_WALLETS,
} from '../../../modal/wallets/loadRegistry.js'

const url = 'https://registry.example/wallets.json'
const answer = (body: unknown) => async () => new Response(JSON.stringify(body))

function reported(): { report: (message: string, detail: unknown) => void; reasons: string[] } {
  const reasons: string[] = []
  return { report: (_message, detail) => reasons.push((detail as { reason: string }).reason), reasons }
}

describe('a registry from the integrator’s URL', () => {
  it('keeps the first wallet of an id, so the pairing URI opens the link of the row the visitor picked', async () => {
    const { report, reasons } = reported()
    const wallets = await loadRegistry(
      url,
      answer([
        { id: 'metamask', name: 'MetaMask', mobile: { universal: 'https://metamask.app.link' } },
        { id: 'metamask', name: 'MetaMask', mobile: { universal: 'https://lure.example' } },
      ]),
      report,
    )
    expect(wallets).toHaveLength(1)
    expect(walletConnectLink(wallets[0]!, 'wc:a')).toBe('https://metamask.app.link/wc?uri=wc%3Aa')
    expect(reasons).toEqual(['the id metamask is taken'])
  })

  it('shows no wallet whose name is blank, over-long, or holds control, bidi or invisible characters', async () => {
    const { report, reasons } = reported()
    const names = [
      '   ',
      'W'.repeat(MAX_WALLET_NAME_LENGTH + 1),
      'Meta\u0000Mask',
      'Meta\u0085Mask',
      '\u202eksaMateM',
      'MetaMask\u2066',
      'Meta\u200fMask',
      'Meta\u200bMask',
    ]
    const wallets = await loadRegistry(
      url,
      answer([{ id: 'ok', name: 'Rainbow 🌈' }, ...names.map((name, i) => ({ id: `w${i}`, name }))]),
      report,
    )
    expect(wallets.map((w) => w.name)).toEqual(['Rainbow 🌈'])
    expect(reasons).toHaveLength(names.length)
  })

  it(`lists at most ${MAX_REGISTRY_WALLETS} wallets`, async () => {
    const { report, reasons } = reported()
    const many = Array.from({ length: MAX_REGISTRY_WALLETS + 500 }, (_, i) => ({
      id: `w${i}`,
      name: `W${i}`,
    }))
    const wallets = await loadRegistry(url, answer(many), report)
    expect(wallets).toHaveLength(MAX_REGISTRY_WALLETS)
    expect(wallets.at(-1)?.id).toBe(`w${MAX_REGISTRY_WALLETS - 1}`)
    expect(reasons).toEqual([`more than ${MAX_REGISTRY_WALLETS} wallets`])
  })

  it('leaves out a wallet whose id or rdns is longer than an id', async () => {
    const wallets = await loadRegistry(
      url,
      answer([
        { id: 'x'.repeat(129), name: 'Long Id' },
        { id: 'long-rdns', name: 'Long Rdns', rdns: `com.${'x'.repeat(125)}` },
        { id: 'ok', name: 'Ok', rdns: 'com.example.ok' },
      ]),
    )
    expect(wallets.map((w) => w.id)).toEqual(['ok'])
  })
})

describe('a registry answer larger than any registry', () => {
  it(`is not read past ${MAX_REGISTRY_BYTES} bytes, and the bundled wallets stay`, async () => {
    const chunk = new TextEncoder().encode(`${'{"id":"w","name":"W"},'.repeat(4096)}`)
    const chunks = Math.ceil((2 * MAX_REGISTRY_BYTES) / chunk.byteLength)
    let pulled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        if (pulled === 1) controller.enqueue(new TextEncoder().encode('['))
        else if (pulled < chunks) controller.enqueue(chunk)
        else {
          controller.enqueue(new TextEncoder().encode('{"id":"last","name":"Last"}]'))
          controller.close()
        }
      },
    })
    const { report, reasons } = reported()
    const wallets = await loadRegistry(url, async () => new Response(body), report)
    expect(wallets).toBe(bundledWallets)
    expect(pulled * chunk.byteLength).toBeLessThan(MAX_REGISTRY_BYTES + 3 * chunk.byteLength)
    expect(reasons).toEqual([`larger than ${MAX_REGISTRY_BYTES} bytes`])
  })
})
