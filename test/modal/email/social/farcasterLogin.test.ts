import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { FrameRequestEnvelope } from '../../../../engine/frame/index.js'
import { close } from '../../../../modal/controllers/modal.js'
import { goBack } from '../../../../modal/controllers/router.js'
import type { AppKit } from '../../../../modal/core/appKit.js'
import { emailLogin } from '../../../../modal/email/index.js'
import {
  beginFarcasterLogin,
  farcasterLink,
  startFarcasterLogin,
} from '../../../../modal/email/social/farcasterLogin.js'
import { authConnectorId } from '../../../../modal/embedded/authConnector.js'
import { createTranslator } from '../../../../modal/i18n/translate.js'
import type { CaipNetwork } from '../../../../modal/networks/types.js'
import type { SocialProvider } from '../../../../modal/state/types.js'
import { KitContext } from '../../../../modal/ui/kitContext.js'
import { ModalRoot } from '../../../../modal/ui/ModalRoot.js'
import { FakeDocument, type FakeFrame, frameOrigin } from '../../embedded/support/fakePage.js'
import { testAddress } from '../../embedded/support/samples.js'
import { anvilPair, createKit, unreachableRpcUrl } from '../../support/kit.js'
import { eventually, loggedInRpc } from '../support.js'

let anvil: CaipNetwork
beforeAll(async () => {
  ;[anvil] = anvilPair(await unreachableRpcUrl())
})

const kits: AppKit[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
})

const firstLink = 'farcaster://connect?channelToken=first&nonce=n1'
const secondLink = 'https://farcaster.xyz/~/siwf?channelToken=second'
const user = {
  address: testAddress,
  chainId: 31337,
  accounts: [{ address: testAddress, type: 'eoa' as const }],
  preferredAccountType: 'eoa' as const,
}

type Setup = { farcaster?: boolean; socials?: false | SocialProvider[] }

/**
 * A modal with email login and socials on, over the fake secure frame of test/modal/embedded: the frame
 * answers each GET_FARCASTER_URI with the next of `links` and keeps CONNECT_FARCASTER waiting until the
 * test answers it.
 */
function farcasterKit(
  { farcaster = true, socials = ['google', 'farcaster'] }: Setup = {},
  links = [firstLink],
) {
  const page = new FakeDocument()
  const kit = createKit({
    options: {
      networks: [anvil],
      projectId: 'p1',
      embeddedWallet: emailLogin({ authUrl: `${frameOrigin}/`, farcaster }),
      features: { email: true, socials },
    },
    environment: { document: page as unknown as Document },
  })
  kits.push(kit)
  const { frame } = page
  let asked = 0
  frame.on('GET_FARCASTER_URI', () => ({ success: { url: links[Math.min(asked++, links.length - 1)] } }))
  frame.on('CONNECT_FARCASTER', () => 'silent')
  frame.on('GET_USER', () => ({ success: user }))
  frame.on(
    'RPC_REQUEST',
    loggedInRpc(() => 31337),
  )
  return { kit, frame }
}

/** Answers the latest CONNECT_FARCASTER: a Farcaster app approved it, or the frame refused it. */
function answer(frame: FakeFrame, request: FrameRequestEnvelope, outcome: 'approved' | { message: string }) {
  if (outcome === 'approved') frame.reply(request.id, 'CONNECT_FARCASTER_SUCCESS', { userName: 'ada.eth' })
  else frame.reply(request.id, 'CONNECT_FARCASTER_ERROR', { code: 4100, ...outcome })
}

function render(kit: AppKit): string {
  return renderToString(
    createElement(KitContext.Provider, { value: { kit, t: createTranslator() } }, createElement(ModalRoot)),
  )
}

/**
 * The modal as the server renders it once the lazy parts the current view reaches have loaded (a server
 * render waits for none: the first starts their loads, the second shows them).
 */
async function renderLoaded(kit: AppKit): Promise<string> {
  await kit.context.embeddedUi?.load()
  render(kit)
  await import('../../../../modal/email/social/socialViews.js')
  await import('../../../../modal/email/social/SocialSection.js')
  await new Promise((resolve) => setTimeout(resolve, 50))
  return render(kit)
}

const socialButtons = (html: string) => [...html.matchAll(/data-testid="social-([a-z]+)"/g)].map((m) => m[1])

describe('Farcaster login in the modal', () => {
  it('SOC-05 a farcaster login puts the farcaster URI in farcasterUrl, shows ConnectingFarcaster, and connect farcaster completes the login', async () => {
    const { kit, frame } = farcasterKit()
    await kit.open()
    const login = startFarcasterLogin(kit.context)
    expect(kit.store.get().router).toMatchObject({
      view: 'ConnectingFarcaster',
      history: [{ view: 'Connect' }],
    })
    await eventually(() => expect(kit.store.get().account.farcasterUrl).toBe(firstLink))
    expect(kit.store.get().account.socialProvider).toBe('farcaster')
    expect(frame.received('GET_FARCASTER_URI').map((request) => request.payload)).toEqual([{}])
    const html = await renderLoaded(kit)
    expect(html).toContain('data-testid="connecting-farcaster"')
    expect(html).toMatch(/<h2 id="[^"]*">(<!--[^>]*-->)*Farcaster(<!--[^>]*-->)*<\/h2>/)

    // Logged in only once a Farcaster app approved the sign-in the frame watches.
    const waiting = await frame.next('CONNECT_FARCASTER')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(kit.getAddress()).toBeUndefined()
    answer(frame, waiting, 'approved')
    await login
    expect(frame.received('GET_USER').map((request) => request.payload)).toContainEqual({ chainId: 31337 })
    expect(kit.getAddress()).toBe(testAddress)
    expect(kit.store.get().connections.eip155?.connections[0]?.connectorId).toBe(authConnectorId)
    expect(kit.store.get().account).toMatchObject({
      user: { ...user, userName: 'ada.eth' },
      socialProvider: 'farcaster',
    })
    expect(kit.store.get().account.farcasterUrl).toBeUndefined()
    // As every login: the modal closes, and opens again on Account. The frame that logged in stays as it is.
    expect(kit.store.get().open).toBe(false)
    await kit.open()
    expect(kit.store.get().router.view).toBe('Account')
    expect(frame.received('RELOAD')).toHaveLength(0)
  })

  it('SOC-05 an expired channel or a refusal fails the login with farcasterUrl cleared; Try again opens a new channel and completes the login', async () => {
    const { kit, frame } = farcasterKit({}, [firstLink, secondLink])
    await kit.open()
    const first = startFarcasterLogin(kit.context)
    const failed = expect(first).rejects.toThrow('The Farcaster sign-in has expired; please start again')
    answer(frame, await frame.next('CONNECT_FARCASTER'), {
      message: 'The Farcaster sign-in has expired; please start again',
    })
    await failed
    expect(kit.store.get().account.farcasterUrl).toBeUndefined()
    expect(kit.store.get().router.view).toBe('ConnectingFarcaster')
    expect(kit.getAddress()).toBeUndefined()
    // A refused attempt ended in the frame itself: nothing to reload.
    expect(frame.received('RELOAD')).toHaveLength(0)

    const retry = beginFarcasterLogin(kit.context)
    await eventually(() => expect(kit.store.get().account.farcasterUrl).toBe(secondLink))
    expect(frame.received('GET_FARCASTER_URI')).toHaveLength(2)
    await eventually(() => expect(frame.received('CONNECT_FARCASTER')).toHaveLength(2))
    answer(frame, await frame.next('CONNECT_FARCASTER'), 'approved')
    await retry
    expect(kit.getAddress()).toBe(testAddress)
    expect(kit.store.get().account).toMatchObject({
      socialProvider: 'farcaster',
      user: { userName: 'ada.eth' },
    })
  })

  it('SOC-05 back or close leaves ConnectingFarcaster and cancels: the host stops waiting, the frame is reloaded so the channel can no longer log it in, farcasterUrl is cleared', async () => {
    const { kit, frame } = farcasterKit()
    for (const [leave, attempt] of [
      [goBack, 1],
      [close, 2],
    ] as const) {
      await kit.open()
      const login = startFarcasterLogin(kit.context)
      const cancelled = expect(login).rejects.toThrow()
      await eventually(() => expect(frame.received('CONNECT_FARCASTER')).toHaveLength(attempt))
      const waiting = await frame.next('CONNECT_FARCASTER')
      expect(kit.store.get().account.farcasterUrl).toBe(firstLink)
      leave(kit.context)
      await cancelled
      await eventually(() => expect(frame.received('RELOAD')).toHaveLength(attempt))
      expect(kit.store.get().account.farcasterUrl).toBeUndefined()
      expect(kit.store.get().router.view).toBe('Connect')
      // An approval the frame answers after all is no login: the host no longer listens for it.
      answer(frame, waiting, 'approved')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(kit.getAddress()).toBeUndefined()
    }
  })

  it('SOC-05 leaving before the frame watches a channel asks for no reload', async () => {
    const { kit, frame } = farcasterKit()
    frame.on('GET_FARCASTER_URI', () => 'silent')
    await kit.open()
    const login = startFarcasterLogin(kit.context)
    const cancelled = expect(login).rejects.toThrow()
    await frame.next('GET_FARCASTER_URI')
    goBack(kit.context)
    await cancelled
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(frame.received('CONNECT_FARCASTER')).toHaveLength(0)
    expect(frame.received('RELOAD')).toHaveLength(0)
  })

  it('SOC-05 a link no Farcaster app opens is refused before it reaches farcasterUrl, and nothing is waited for', async () => {
    const { kit, frame } = farcasterKit({}, ['javascript:alert(1)'])
    const links: unknown[] = []
    kit.store.subscribe(({ account }) => links.push(account.farcasterUrl))
    await kit.open()
    await expect(startFarcasterLogin(kit.context)).rejects.toThrow(
      'The frame answered a Farcaster sign-in link no Farcaster app opens',
    )
    expect(links.filter((link) => link !== undefined)).toEqual([])
    expect(frame.received('CONNECT_FARCASTER')).toHaveLength(0)
  })

  it('SOC-05 the sign-in link allowlist: farcaster:// and https only, 2048 characters at most', () => {
    for (const link of [firstLink, secondLink, `https://farcaster.xyz/~/siwf?c=${'t'.repeat(2000)}`])
      expect(farcasterLink(link)).toBe(link)
    for (const link of [
      'http://127.0.0.1:8791/connect?channelToken=t',
      'http://relay.example/connect',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'farcaster-connect',
      '',
      `https://farcaster.xyz/~/siwf?channelToken=${'t'.repeat(2048)}`,
    ])
      expect(() => farcasterLink(link)).toThrow('no Farcaster app opens')
  })

  it('SOC-02 the Farcaster button shows only when emailLogin says the auth service serves Farcaster and the socials list it; hidden, nothing else changes', async () => {
    const buttons = async (setup: Setup) => {
      const { kit } = farcasterKit(setup)
      await kit.open()
      return socialButtons(await renderLoaded(kit))
    }
    expect(await buttons({ farcaster: true })).toEqual(['google', 'farcaster'])
    expect(await buttons({ farcaster: false })).toEqual(['google'])
    expect(await buttons({ farcaster: true, socials: ['google'] })).toEqual(['google'])
    expect(await buttons({ farcaster: false, socials: ['farcaster'] })).toEqual([])

    // Off unless said: emailLogin without the option hides it too.
    const page = new FakeDocument()
    const kit = createKit({
      options: {
        networks: [anvil],
        projectId: 'p1',
        embeddedWallet: emailLogin({ authUrl: `${frameOrigin}/` }),
        features: { email: true, socials: ['farcaster', 'github'] },
      },
      environment: { document: page as unknown as Document },
    })
    kits.push(kit)
    await kit.open()
    expect(socialButtons(await renderLoaded(kit))).toEqual(['github'])
  })
})
