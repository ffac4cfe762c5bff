import type { Frame, Page } from '@playwright/test'
import { frameHandshakeType, frameProtocolVersion } from '../../../../engine/frame/index.js'

/**
 * From a window that is not the frame's parent (a sibling iframe reaches it as `parent.frames[0]`, a
 * popup as `opener.frames[0]`): posts the handshake with a port to any origin, then a request on that
 * port, and answers every message that came back within `waitMs`.
 */
export function foreignHandshake(
  from: Page | Frame,
  via: 'parent' | 'opener',
  waitMs = 1500,
): Promise<unknown[]> {
  return from.evaluate(
    ({ via, type, v, waitMs }) =>
      new Promise<unknown[]>((resolve) => {
        const target = (via === 'parent' ? window.parent : window.opener) as Window | null
        const frame = target?.frames[0]
        if (!frame) throw new Error(`no frame at ${via}.frames[0]`)
        const got: unknown[] = []
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => got.push(event.data)
        window.addEventListener('message', (event) => got.push(event.data))
        frame.postMessage({ type, v }, '*', [channel.port2])
        channel.port1.postMessage({ v, id: crypto.randomUUID(), type: 'IS_CONNECTED', payload: {} })
        setTimeout(() => resolve(got), waitMs)
      }),
    { via, type: frameHandshakeType, v: frameProtocolVersion, waitMs },
  )
}
