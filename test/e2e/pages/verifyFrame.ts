import { browserVerifyFrame, VERIFY_FRAME_MESSAGES } from '../../../engine/verify/index.js'

/**
 * A page that registers with a verify server as the engine does (`window.verify.register`), and one that
 * tries to pass itself off as another origin by framing the verify frame named for that origin
 * (`window.verify.claim`). The server comes from `?api=`.
 */
const api = new URLSearchParams(location.search).get('api') ?? ''

const verify = {
  /** The attestation the engine's own frame gets for a message of this page. */
  register(hashes: { id: string; decryptedId: string }): Promise<string | undefined> {
    const frame = browserVerifyFrame({ url: api })
    if (frame === undefined) throw new Error('no verify frame in a browser')
    return frame(hashes, AbortSignal.timeout(5_000))
  },
  /** What a frame named for `origin` says to this page within `ms`: the messages it posted, if any. */
  claim(origin: string, ms: number): Promise<unknown[]> {
    const iframe = document.createElement('iframe')
    iframe.src = `${api}/verify/frame?origin=${encodeURIComponent(origin)}`
    const heard: unknown[] = []
    window.addEventListener('message', (event) => {
      if (event.source !== iframe.contentWindow) return
      heard.push(event.data)
      const hashes = { id: 'a'.repeat(64), decryptedId: 'b'.repeat(64) }
      iframe.contentWindow?.postMessage({ type: VERIFY_FRAME_MESSAGES.register, ...hashes }, '*')
    })
    document.body.append(iframe)
    return new Promise((resolve) => setTimeout(() => resolve(heard), ms))
  },
}
Object.assign(window, { verify })
