import { formatSiwxMessage } from '@pairwise/engine/siwx'
import type { SiwxPlace } from './pageLocation.js'
import type { SIWXMessage, SIWXMessageData, SIWXMessageInput } from './types.js'

/** What a config adds to the modal's input besides the place and the nonce. */
export type SiwxMessageOptions = {
  /** The line shown under the address, e.g. 'Sign in to Example'. */
  statement?: string
  /** Seconds until the message (and the session it opens) expires; no Expiration Time when left out. */
  expiresIn?: number
  /** URIs the signer grants access to, listed under `Resources:`. */
  resources?: string[]
}

/** The message data for the modal's input, issued now, with its text in the chain's own standard. */
export function buildMessage(
  input: SIWXMessageInput,
  place: SiwxPlace,
  nonce: string,
  options: SiwxMessageOptions,
  now: number,
): SIWXMessage {
  const data: SIWXMessageData = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: place.domain,
    uri: place.uri,
    version: '1',
    nonce,
    issuedAt: new Date(now).toISOString(),
    ...(options.statement ? { statement: options.statement } : {}),
    ...(options.resources?.length ? { resources: [...options.resources] } : {}),
    ...(options.expiresIn === undefined
      ? {}
      : { expirationTime: new Date(now + options.expiresIn * 1000).toISOString() }),
    ...(input.notBefore ? { notBefore: input.notBefore } : {}),
  }
  return withText(data)
}

/** `data` as AppKit's SIWXMessage: the fields and a toString() giving the text to sign. */
export function withText(data: SIWXMessageData): SIWXMessage {
  const text = formatSiwxMessage(data)
  return { ...data, toString: () => text }
}
