import { describe, expect, it } from 'vitest'
import { frameQuerySchema } from '../../../engine/frame/index.js'
import { createFrameElement, frameSrc } from '../../../modal/embedded/index.js'
import { authUrl, FakeDocument, frameOrigin } from './support/fakePage.js'

describe('frame element', () => {
  it('FRAME-03 CONST-11 the frame address carries projectId, chainId, version 1.7.13, enableLogger and rpcUrl', () => {
    const src = frameSrc({
      authUrl,
      projectId: 'p1',
      chainId: 11155111,
      enableLogger: true,
      rpcUrl: 'http://127.0.0.1:8545/',
    })
    const url = new URL(src)
    expect(url.origin + url.pathname).toBe(`${frameOrigin}/frame`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      projectId: 'p1',
      chainId: '11155111',
      version: '1.7.13',
      enableLogger: 'true',
      rpcUrl: 'http://127.0.0.1:8545/',
    })
    expect(frameQuerySchema.safeParse(Object.fromEntries(url.searchParams)).success).toBe(true)
  })

  it('FRAME-03 an auth URL with a path keeps it, and enableLogger defaults to false', () => {
    const src = new URL(frameSrc({ authUrl: 'https://auth.example/base', projectId: 'p1' }))
    expect(src.pathname).toBe('/base/frame')
    expect(src.searchParams.get('enableLogger')).toBe('false')
    expect(src.searchParams.get('version')).toBe('1.7.13')
  })

  it('is created on demand, hidden but not display:none, then shown over a rectangle above the modal', () => {
    const page = new FakeDocument()
    const element = createFrameElement({
      authUrl,
      projectId: 'p1',
      chainId: 1,
      zIndex: 2147483001,
      document: page,
    })
    expect(page.iframes).toHaveLength(0)
    const iframe = element.mount()
    expect(element.mount()).toBe(iframe)
    expect(page.iframes).toEqual([iframe])
    expect(element.origin).toBe(frameOrigin)
    expect(page.iframe!.src).toBe(element.src)
    expect(page.iframe!.attributes.get('allow')).toContain('publickey-credentials-get')
    expect(page.iframe!.style.cssText).not.toContain('display:none')
    expect(page.iframe!.style.cssText).toContain('pointer-events:none')

    element.show({ top: 10, left: 20, width: 360, height: 480 })
    const shown = page.iframe!.style.cssText
    expect(shown).toContain('position:fixed;top:10px;left:20px;width:360px;height:480px')
    expect(shown).toContain('z-index:2147483001')
    expect(shown).toContain('pointer-events:auto')
    expect(shown).toContain('clip-path:inset(0px 0px 0px 0px)')
    element.show({ top: 40, left: 20, width: 360, height: 480 })
    expect(page.iframe!.style.cssText).toContain('top:40px')
    expect(element.isFrame(iframe)).toBe(true)
    expect(element.isFrame(null)).toBe(false)

    element.hide()
    expect(page.iframe!.style.cssText).toContain('width:0;height:0')
    element.remove()
    expect(page.iframe!.removed).toBe(true)
    expect(element.isFrame(iframe)).toBe(false)
    expect(element.mounted).toBe(false)
  })
})

describe('frame element over a slot its card scrolls', () => {
  it('OPEN-14 the frame is drawn, and takes clicks, only over the part of the slot that shows: the rest is clipped', () => {
    const page = new FakeDocument()
    const element = createFrameElement({ authUrl, projectId: 'p1', zIndex: 1, document: page })
    // The slot runs 50 px past the card's bottom edge and starts 10 px under its top edge.
    element.show(
      { top: 100, left: 20, width: 300, height: 400 },
      { top: 110, left: 20, width: 300, height: 340 },
    )
    expect(page.iframe!.style.cssText).toContain('clip-path:inset(10px 0px 50px 0px)')
    // Scrolled out of the card altogether: nothing of it is drawn.
    element.show(
      { top: 700, left: 20, width: 300, height: 400 },
      { top: 700, left: 20, width: 300, height: 0 },
    )
    expect(page.iframe!.style.cssText).toContain('clip-path:inset(0px 0px 400px 0px)')
  })
})
