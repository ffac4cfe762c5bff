import {
  type FrameAnswer,
  FrameAnswerSchema,
  type FrameRegister,
  VERIFY_FRAME_MESSAGES,
  VERIFY_FRAME_PATH,
} from './frameMessages.js'

/** The hashes of one outgoing message: of the sealed message (`id`) and of its JSON-RPC request. */
export type VerifyHashes = { id: string; decryptedId: string }

/**
 * Registers one message's hashes with the verify server from a context that proves the page's origin, and
 * resolves with the attestation (`undefined` when the server gives none); rejects when it fails. Aborted
 * through `signal` when the registrar stops waiting.
 */
export type VerifyFrame = (hashes: VerifyHashes, signal: AbortSignal) => Promise<string | undefined>

export type BrowserVerifyFrameOptions = { url: string; projectId?: string | undefined }

/**
 * The verify frame in a browser: a hidden iframe of `<url>/verify/frame` for this page's origin, one per
 * message. The server lets only a page on that origin frame it, the frame checks its ancestors itself, and
 * registers with a one-time challenge only it was given; this side only hands it the hashes and takes its
 * answer, from that frame and that origin alone. `undefined` outside a browser: with no page there is no
 * origin to prove, so nothing is registered.
 */
export function browserVerifyFrame(options: BrowserVerifyFrameOptions): VerifyFrame | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined
  const frameUrl = new URL(`${options.url.replace(/\/+$/, '')}${VERIFY_FRAME_PATH}`)
  frameUrl.searchParams.set('origin', window.location.origin)
  if (options.projectId !== undefined) frameUrl.searchParams.set('projectId', options.projectId)
  const verifyOrigin = frameUrl.origin

  return (hashes, signal) => {
    if (signal.aborted) return Promise.reject(signal.reason)
    return new Promise((resolve, reject) => {
      const iframe = document.createElement('iframe')
      iframe.src = frameUrl.href
      iframe.title = 'Verify'
      iframe.tabIndex = -1
      iframe.setAttribute('aria-hidden', 'true')
      iframe.style.display = 'none'
      const done = () => {
        window.removeEventListener('message', onMessage)
        signal.removeEventListener('abort', onAbort)
        iframe.remove()
      }
      const onAbort = () => {
        done()
        reject(signal.reason)
      }
      const settle = (answer: FrameAnswer) => {
        if (answer.type === VERIFY_FRAME_MESSAGES.ready) {
          const message: FrameRegister = { type: VERIFY_FRAME_MESSAGES.register, ...hashes }
          iframe.contentWindow?.postMessage(message, verifyOrigin)
          return
        }
        if (answer.id !== hashes.id) return
        done()
        if (answer.type === VERIFY_FRAME_MESSAGES.attestation) resolve(answer.attestation ?? undefined)
        else reject(new Error(`the verify server refused the registration (${answer.status})`))
      }
      function onMessage(event: MessageEvent): void {
        if (event.source !== iframe.contentWindow || event.origin !== verifyOrigin) return
        const answer = FrameAnswerSchema.safeParse(event.data)
        if (answer.success) settle(answer.data)
      }
      signal.addEventListener('abort', onAbort)
      window.addEventListener('message', onMessage)
      const parent = document.body ?? document.documentElement
      parent.append(iframe)
    })
  }
}
