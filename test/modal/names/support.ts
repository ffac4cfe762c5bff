import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { FrameRequestEnvelope } from '../../../engine/frame/index.js'
import type { AppKit } from '../../../modal/core/appKit.js'
import { emailLogin } from '../../../modal/email/index.js'
import type { CaipNetwork } from '../../../modal/networks/types.js'
import { authUrl } from '../email/support.js'
import { FakeDocument } from '../embedded/support/fakePage.js'
import { createKit } from '../support/kit.js'

export type NamesRequest = { method: string; path: string; query: URLSearchParams; body: unknown }
export type NamesAnswer = { status: number; body: unknown }

/**
 * A names service on loopback answering from `answer`; every request is recorded. Real HTTP, so the
 * modal's own api client (fetch, JSON, status, refusal bodies) is what the tests exercise.
 */
export async function namesServer(answer: (request: NamesRequest) => NamesAnswer) {
  const requests: NamesRequest[] = []
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const request = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      }
      requests.push(request)
      const { status, body } = answer(request)
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The service's refusal shape. */
export const refusal = (status: number, description?: string): NamesAnswer => ({
  status,
  body: { status, reasons: description ? [{ name: 'REFUSED', description }] : [] },
})

export function nameRecord(name: string, address: string, coinType = 2147514985) {
  const at = '2026-01-01T00:00:00.000Z'
  return {
    name,
    registered: at,
    updated: at,
    addresses: { [coinType]: { address, created: at } },
    attributes: [],
  }
}

/** A modal with email login and the api at `apiUrl`, its secure frame the fake one of test/modal/embedded. */
export function namesKit(networks: CaipNetwork[], apiUrl: string) {
  const page = new FakeDocument()
  const kit: AppKit = createKit({
    options: {
      networks,
      projectId: 'p1',
      embeddedWallet: emailLogin({ authUrl }),
      apiUrl,
      features: { email: true },
    },
    environment: { document: page as unknown as Document, fetch: (input, init) => fetch(input, init) },
  })
  return { kit, frame: page.frame }
}

/**
 * The frame of a logged-in `account` on chain 31337: it connects at once, answers eth_accounts and
 * eth_chainId, and signs personal_sign with the account's key (asynchronously, as services/frame does).
 */
export function signingFrame(
  frame: FakeDocument['frame'],
  account: PrivateKeyAccount,
  signed: string[] = [],
) {
  frame.on('CONNECT_EMAIL', () => ({ success: { action: 'CONNECT' } }))
  frame.on('RPC_REQUEST', (request: FrameRequestEnvelope) => {
    const { method, params } = request.payload as { method: string; params: unknown[] }
    if (method === 'eth_chainId') return { success: '0x7a69' }
    if (method !== 'personal_sign') return { success: [account.address] }
    const raw = params[0] as `0x${string}`
    signed.push(raw)
    void account
      .signMessage({ message: { raw } })
      .then((signature) => frame.reply(request.id, 'RPC_REQUEST_SUCCESS', signature))
    return 'silent'
  })
  return signed
}
