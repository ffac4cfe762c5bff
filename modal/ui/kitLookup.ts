import type { AppKit } from '../core/appKit.js'

const requestEvent = 'pairwise:kit-request'
const readyEvent = 'pairwise:kit-ready'

type KitRequest = { id: string | undefined; kit: AppKit | undefined }

/**
 * Lets page elements and hooks outside the modal's React tree find an instance without a module-level
 * registry: they ask through a DOM event and the instance answers. `id` targets one of several instances.
 */
export function provideKit(target: EventTarget, kit: AppKit, id: string | undefined): () => void {
  const answer = (event: Event) => {
    const detail = (event as CustomEvent<KitRequest>).detail
    if (detail.kit || (detail.id !== undefined && detail.id !== id)) return
    detail.kit = kit
  }
  target.addEventListener(requestEvent, answer)
  target.dispatchEvent(new CustomEvent(readyEvent))
  return () => target.removeEventListener(requestEvent, answer)
}

export function findKit(target: EventTarget | undefined, id?: string): AppKit | undefined {
  if (!target) return undefined
  const detail: KitRequest = { id, kit: undefined }
  target.dispatchEvent(new CustomEvent(requestEvent, { detail }))
  return detail.kit
}

export function onKitReady(target: EventTarget, listener: () => void): () => void {
  target.addEventListener(readyEvent, listener)
  return () => target.removeEventListener(readyEvent, listener)
}
