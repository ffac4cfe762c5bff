import * as v from '@pairwise/common/schema'

/**
 * The postMessage protocol between a dapp page and the verify frame its verify server serves at
 * `GET <url>/verify/frame?origin=<the page's origin>&projectId=`. The frame says `ready`; the page sends
 * the hashes of one outgoing message; the frame registers them with its own one-time challenge and
 * answers with the attestation, or that the server refused. One frame registers one message.
 */
export const VERIFY_FRAME_MESSAGES = {
  ready: 'pairwise_verify_ready',
  register: 'pairwise_verify_register',
  attestation: 'pairwise_verify_attestation',
  refused: 'pairwise_verify_refused',
} as const

/** The path of the frame page under the verify server's URL. */
export const VERIFY_FRAME_PATH = '/verify/frame'

const hex64 = v.string().check(v.regex(/^[0-9a-f]{64}$/))

/**
 * What a page sends the frame: sha256 of the sealed message (`id`) and of the JSON-RPC request. Only the
 * frame parses it: marked pure so a dapp's bundle, which only sends it, drops it.
 */
export const FrameRegisterSchema = /* @__PURE__ */ v.object({
  type: /* @__PURE__ */ v.literal(VERIFY_FRAME_MESSAGES.register),
  id: hex64,
  decryptedId: hex64,
})
export type FrameRegister = v.infer<typeof FrameRegisterSchema>

/**
 * What the frame sends its page: a plain union, each member told apart by its `type` literal.
 */
export const FrameAnswerSchema = v.union([
  v.object({ type: v.literal(VERIFY_FRAME_MESSAGES.ready) }),
  v.object({
    type: v.literal(VERIFY_FRAME_MESSAGES.attestation),
    id: hex64,
    attestation: v.nullable(v.string().check(v.maxLength(4096))),
  }),
  v.object({ type: v.literal(VERIFY_FRAME_MESSAGES.refused), id: hex64, status: v.number() }),
])
export type FrameAnswer = v.infer<typeof FrameAnswerSchema>
