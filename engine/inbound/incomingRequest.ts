import type { JsonRpcRequest } from '../jsonrpc/index.js'

/** A request from a peer as the router hands it to its handler. */
export type IncomingRequest = {
  topic: string
  payload: JsonRpcRequest
  attestation: string | null | undefined
  /** sha256 of the encrypted message: what verify services key attestations by. */
  encryptedId: string
}
