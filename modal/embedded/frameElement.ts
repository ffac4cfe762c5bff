import { frameQuerySchema, sdkVersion } from '@pairwise/engine/frame'

/** The part of an iframe element the host uses; `HTMLIFrameElement` is one. */
export type FrameIframe = {
  src: string
  title: string
  style: { cssText: string }
  readonly contentWindow: {
    postMessage(message: unknown, targetOrigin: string, transfer: Transferable[]): void
  } | null
  setAttribute(name: string, value: string): void
  addEventListener(type: 'load', listener: () => void): void
  remove(): void
}

/** The part of `document` the host uses; generic so that `document` (whose body takes Nodes) is one. */
export type FrameDocument<Iframe extends FrameIframe = FrameIframe> = {
  createElement(tagName: 'iframe'): Iframe
  readonly body: { appendChild(node: Iframe): unknown }
}

/** A rectangle of the viewport, in CSS pixels (a DOMRect is one). */
export type FrameRect = { top: number; left: number; width: number; height: number }

export type FrameElementOptions<Iframe extends FrameIframe = FrameIframe> = {
  /** The auth service's base URL; the frame is `<authUrl>/frame`. */
  authUrl: string
  projectId: string
  chainId?: number | string
  rpcUrl?: string
  enableLogger?: boolean
  /** Above the modal's own z-index, so the frame covers the slot the modal leaves for it. */
  zIndex: number
  document: FrameDocument<Iframe>
}

export type FrameElement = {
  /** The frame's origin: the only target the handshake is posted to. */
  readonly origin: string
  readonly src: string
  /** Creates the iframe on the page once; later calls return the same one. */
  mount(): FrameIframe
  readonly mounted: boolean
  /** Calls `listener` on every load of the frame (the first and every reload). */
  onLoad(listener: () => void): void
  /**
   * Puts the frame over `rect`, drawn only where `visible` (a part of `rect`) is: a slot scrolled partly out
   * of its card must not have the frame drawn, or take clicks, over the card's edge. Call again whenever the
   * slot moves.
   */
  show(rect: FrameRect, visible?: FrameRect): void
  hide(): void
  /** Whether `element` (a document's `activeElement`) is this frame's iframe, that is, focus is in the frame. */
  isFrame(element: unknown): boolean
  remove(): void
}

const frameAllow = 'publickey-credentials-get; publickey-credentials-create; clipboard-write'

/**
 * Hidden, yet loaded and running: `display: none` would still load it, but a zero-size transparent frame
 * keeps its layout alive for the moment it is shown, and takes no clicks.
 */
const hiddenStyle =
  'position:fixed;top:0;left:0;width:0;height:0;border:0;opacity:0;pointer-events:none;color-scheme:normal'

/** FRAME-03, CONST-11: the frame address with its query. */
export function frameSrc(options: Omit<FrameElementOptions, 'zIndex' | 'document'>): string {
  const query = frameQuerySchema.parse({
    projectId: options.projectId,
    ...(options.chainId === undefined ? {} : { chainId: String(options.chainId) }),
    version: sdkVersion,
    enableLogger: options.enableLogger ? 'true' : 'false',
    ...(options.rpcUrl === undefined ? {} : { rpcUrl: options.rpcUrl }),
  })
  const url = new URL('frame', options.authUrl.endsWith('/') ? options.authUrl : `${options.authUrl}/`)
  for (const [key, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(key, value)
  return url.href
}

export function createFrameElement<Iframe extends FrameIframe>(
  options: FrameElementOptions<Iframe>,
): FrameElement {
  const src = frameSrc(options)
  const origin = new URL(src).origin
  const loadListeners: Array<() => void> = []
  let iframe: Iframe | undefined

  const mount = (): Iframe => {
    if (iframe) return iframe
    const created = options.document.createElement('iframe')
    created.title = 'Secure wallet'
    created.setAttribute('allow', frameAllow)
    created.style.cssText = hiddenStyle
    created.addEventListener('load', () => {
      for (const listener of loadListeners) listener()
    })
    created.src = src
    options.document.body.appendChild(created)
    iframe = created
    return created
  }

  return {
    origin,
    src,
    mount,
    get mounted() {
      return iframe !== undefined
    },
    onLoad(listener) {
      loadListeners.push(listener)
    },
    show(rect, visible = rect) {
      mount().style.cssText =
        `position:fixed;top:${rect.top}px;left:${rect.left}px;width:${rect.width}px;height:${rect.height}px;` +
        `clip-path:${insetOf(rect, visible)};` +
        `border:0;opacity:1;pointer-events:auto;z-index:${options.zIndex};color-scheme:normal`
    },
    hide() {
      if (iframe) iframe.style.cssText = hiddenStyle
    },
    isFrame(element) {
      return iframe !== undefined && element === iframe
    },
    remove() {
      iframe?.remove()
      iframe = undefined
    },
  }
}

/** CSS `inset()` that keeps, of `rect`, only its part `visible`; an empty part clips all of it. */
function insetOf(rect: FrameRect, visible: FrameRect): string {
  const top = Math.max(0, visible.top - rect.top)
  const left = Math.max(0, visible.left - rect.left)
  const bottom = Math.max(0, rect.top + rect.height - (visible.top + visible.height))
  const right = Math.max(0, rect.left + rect.width - (visible.left + visible.width))
  return `inset(${top}px ${right}px ${bottom}px ${left}px)`
}
