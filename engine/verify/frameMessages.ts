import * as z from 'zod/mini'

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

const hex64 = z.string().check(z.regex(/^[0-9a-f]{64}$/))

/** What a page sends the frame: sha256 of the sealed message (`id`) and of the JSON-RPC request. */
export const FrameRegisterSchema = z.object({
  type: z.literal(VERIFY_FRAME_MESSAGES.register),
  id: hex64,
  decryptedId: hex64,
})
export type FrameRegister = z.infer<typeof FrameRegisterSchema>

/**
 * What the frame sends its page. A plain union: each member is told apart by its `type` literal all the
 * same, and zod's discriminated union would be one more schema kind in every browser bundle.
 */
export const FrameAnswerSchema = z.union([
  z.object({ type: z.literal(VERIFY_FRAME_MESSAGES.ready) }),
  z.object({
    type: z.literal(VERIFY_FRAME_MESSAGES.attestation),
    id: hex64,
    attestation: z.nullable(z.string().check(z.maxLength(4096))),
  }),
  z.object({ type: z.literal(VERIFY_FRAME_MESSAGES.refused), id: hex64, status: z.number() }),
])
export type FrameAnswer = z.infer<typeof FrameAnswerSchema>
