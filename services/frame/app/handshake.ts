import { frameHandshakeSchema, frameProtocolVersion } from '@pairwise/engine/frame'
import { originAllowed } from '../../api/projects/originMatcher.js'

export type AcceptedHost = { port: MessagePort; origin: string }

/**
 * Waits for the host page's one window message (research §1.2): it must come from `window.parent`, from an
 * origin the project allows (and the one Chromium reports as this frame's ancestor), in a version this
 * frame speaks, carrying one MessagePort. Anything else gets no answer at all. Once accepted the window
 * listener goes, so later window messages (from anyone) are never read.
 */
export function acceptHandshake(
  allowedOrigins: readonly string[],
  self: Window = window,
): Promise<AcceptedHost> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== self.parent || self.parent === self) return
      if (!originAllowed(event.origin, allowedOrigins)) return
      const ancestor = self.location.ancestorOrigins?.[0]
      if (ancestor !== undefined && ancestor !== event.origin) return
      if (!frameHandshakeSchema.safeParse(event.data).success) return
      const port = event.ports[0]
      if (!port || event.ports.length !== 1) return
      self.removeEventListener('message', onMessage)
      resolve({ port, origin: event.origin })
    }
    self.addEventListener('message', onMessage)
  })
}

export { frameProtocolVersion }
