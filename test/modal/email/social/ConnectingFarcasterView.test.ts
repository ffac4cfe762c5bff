import { createElement, type ReactElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { encode } from 'uqr'
import { describe, expect, it, vi } from 'vitest'
import {
  FarcasterSignIn,
  type FarcasterSignInProps,
} from '../../../../modal/email/social/ConnectingFarcasterView.js'
import { catalogue as de } from '../../../../modal/email/texts/de.js'
import { en } from '../../../../modal/email/texts/en.js'
import { FrameError } from '../../../../modal/embedded/frameError.js'
import { createTranslator } from '../../../../modal/i18n/translate.js'

const link = 'farcaster://connect?channelToken=abc&nonce=n1'

function props(overrides: Partial<FarcasterSignInProps> = {}): FarcasterSignInProps {
  return {
    state: { status: 'pending' },
    url: link,
    encode,
    mobile: false,
    copied: false,
    onCopy: () => {},
    onRetry: () => {},
    t: createTranslator(),
    et: createTranslator('en', en),
    ...overrides,
  }
}

const html = (overrides: Partial<FarcasterSignInProps> = {}) =>
  renderToStaticMarkup(createElement(FarcasterSignIn, props(overrides)))

/** The element the view's own markup gives `testId` (components it renders stay unexpanded). */
function byTestId(node: ReactNode, testId: string): ReactElement<Record<string, unknown>> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = byTestId(child, testId)
      if (found) return found
    }
    return undefined
  }
  if (!node || typeof node !== 'object' || !('props' in node)) return undefined
  const element = node as ReactElement<Record<string, unknown>>
  if (element.props['data-testid'] === testId) return element
  return byTestId(element.props.children as ReactNode, testId)
}

describe('ConnectingFarcaster', () => {
  it('SOC-05 shows the sign-in link as a QR code, a link that opens it in a new context, a copy button and the wait', () => {
    const shown = html()
    // The QR code of exactly this link: the same encoder's modules as the path drawn.
    const { size } = encode(link, { ecc: 'M', border: 2 })
    expect(shown).toMatch(
      new RegExp(`data-testid="farcaster-qr"><div class="qr"><svg viewBox="0 0 ${size} ${size}" role="img"`),
    )
    expect(shown).toContain(`aria-label="${en.farcasterScan}"`)
    expect(shown).toContain(
      `<a class="secondary" href="${link.replace(/&/g, '&amp;')}" target="_blank" rel="noopener noreferrer" data-testid="farcaster-link">Open Farcaster</a>`,
    )
    expect(shown).toContain('data-testid="farcaster-copy">Copy link</button>')
    expect(shown).toContain(`data-testid="farcaster-waiting">${en.farcasterWaiting}</output>`)
    expect(html({ copied: true })).toContain('data-testid="farcaster-copy">Link copied</button>')
    // Another link draws another code.
    expect(html({ url: `${link}x` })).not.toBe(shown)

    const copy = vi.fn()
    const copyButton = byTestId(FarcasterSignIn(props({ onCopy: copy })), 'farcaster-copy')
    ;(copyButton?.props.onClick as () => void)()
    expect(copy).toHaveBeenCalledOnce()
  })

  it('SOC-05 on a phone the link is the primary action and no QR code is drawn; where the encoder cannot load, the link and copy still are', () => {
    const phone = html({ mobile: true })
    expect(phone).not.toContain('farcaster-qr')
    expect(phone).toContain('class="primary" href="farcaster://connect?')
    expect(phone).toContain(en.farcasterOpenHint)
    const noEncoder = html({ encode: null })
    expect(noEncoder).not.toContain('farcaster-qr')
    expect(noEncoder).toContain('data-testid="farcaster-link"')
    expect(noEncoder).toContain('data-testid="farcaster-copy"')
  })

  it('SOC-05 waits with a spinner until the frame answered the link (and, on a desktop, the QR encoder loaded)', () => {
    for (const shown of [html({ url: undefined }), html({ encode: undefined })]) {
      expect(shown).toContain(en.farcasterLoading)
      expect(shown).not.toContain('farcaster-link')
    }
    expect(html({ url: undefined, mobile: true })).toContain(en.farcasterLoading)
  })

  it('SOC-05 an expired channel and any other error each say so clearly, with Try again, and without the dead link', () => {
    const expired = html({
      state: {
        status: 'error',
        error: new FrameError('The Farcaster sign-in has expired; please start again'),
      },
    })
    expect(expired).toContain(`role="alert" data-testid="farcaster-error">${en.farcasterExpired}</p>`)
    expect(expired).toContain('data-testid="farcaster-retry">Try again</button>')
    expect(expired).not.toContain('farcaster-link')
    expect(expired).not.toContain('farcaster-qr')

    const refused = html({
      state: { status: 'error', error: new FrameError('Invalid nonce') },
    })
    expect(refused).toContain('data-testid="farcaster-error">The Farcaster sign-in failed: Invalid nonce</p>')

    const retry = vi.fn()
    const failed = FarcasterSignIn(
      props({ state: { status: 'error', error: new Error('x') }, onRetry: retry }),
    )
    ;(byTestId(failed, 'farcaster-retry')?.props.onClick as () => void)()
    expect(retry).toHaveBeenCalledOnce()
  })

  it('SOC-05 reads in the modal’s language', () => {
    const german = renderToStaticMarkup(
      createElement(FarcasterSignIn, props({ et: createTranslator('de', de), t: createTranslator('de') })),
    )
    expect(german).toContain('>Farcaster öffnen</a>')
    expect(german).toContain('>Link kopieren</button>')
  })
})
