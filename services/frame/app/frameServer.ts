import {
  type FrameEvent,
  type FrameNotice,
  type FrameSuccess,
  frameErrorCodes,
  frameEventNames,
  frameEvents,
  frameProtocolVersion,
  frameRequestEnvelopeSchema,
  maxFrameMessageLength,
} from '@pairwise/engine/frame'
import type { Hex } from 'viem'
import type * as z from 'zod/mini'
import { StorageUnavailableError } from '../custody/errors.js'
import { ChainUnreachable } from '../preview/index.js'

/** A refusal the host sees as `{ code, message }` (EIP-1193 codes, engine/frame frameErrorCodes). */
export class FrameFailure extends Error {
  override name = 'FrameFailure'
  constructor(
    readonly code: number,
    message: string,
    /** The revert data a chain answered with, kept so the approval can decode why a call fails. */
    readonly data?: Hex,
  ) {
    super(message)
  }
}

export type Handler<E extends FrameEvent> = (
  payload: z.output<(typeof frameEvents)[E][0]>,
) => Promise<FrameSuccess<E>>
export type Handlers = { [E in FrameEvent]: Handler<E> }

/** The most requests one host may have open at once; more are refused rather than queued. */
export const maxOpenRequests = 32
/** Ids remembered against replays; the oldest is forgotten past this (a UUID never repeats honestly). */
export const rememberedIds = 10_000

/**
 * The frame's end of the private port: each request is size-capped, checked against the envelope and its
 * event's payload schema, handled once per id, and answered `<EVENT>_SUCCESS` or `<EVENT>_ERROR`. A
 * handler's failure is its own request's error; nothing a host sends can stop the loop.
 */
export function serveFrame(
  port: MessagePort,
  handlers: Handlers,
  log: (message: string, detail?: unknown) => void,
) {
  const seen = new Set<string>()
  let open = 0
  const post = (message: unknown) => port.postMessage(message)

  port.onmessage = (event: MessageEvent) => {
    let text: string
    try {
      text = JSON.stringify(event.data)
    } catch {
      return log('dropped a message that is not JSON')
    }
    if (text === undefined || text.length > maxFrameMessageLength) return log('dropped an oversize message')
    const envelope = frameRequestEnvelopeSchema.safeParse(event.data)
    if (!envelope.success) return log('dropped a malformed message')
    const { id, type, payload } = envelope.data
    if (seen.has(id)) return log('dropped a repeated id')
    seen.add(id)
    if (seen.size > rememberedIds) seen.delete(seen.values().next().value as string)
    const reply = (suffix: 'SUCCESS' | 'ERROR', body: unknown) =>
      post({
        v: frameProtocolVersion,
        id,
        type: `${type}_${suffix}`,
        ...(body === undefined ? {} : { payload: body }),
      })
    if (open >= maxOpenRequests)
      return reply('ERROR', { code: frameErrorCodes.internal, message: 'Too many open requests' })
    const parsed = frameEvents[type][0].safeParse(payload ?? {})
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      return reply('ERROR', {
        code: frameErrorCodes.invalidParams,
        message: `${issue?.path.join('.') || type}: ${issue?.message ?? 'invalid'}`,
      })
    }
    open++
    const handler = handlers[type] as Handler<FrameEvent>
    handler(parsed.data as never)
      .then((result) => reply('SUCCESS', result ?? {}))
      .catch((error: unknown) => {
        if (error instanceof FrameFailure) return reply('ERROR', { code: error.code, message: error.message })
        // The unexpected failures the user can do something about: the words say what (custody/errors.ts,
        // a chain that did not answer: try again).
        if (error instanceof StorageUnavailableError || error instanceof ChainUnreachable)
          return reply('ERROR', { code: frameErrorCodes.internal, message: error.message })
        log(`${type} failed`, error)
        reply('ERROR', { code: frameErrorCodes.internal, message: 'Something went wrong' })
      })
      .finally(() => open--)
  }
  port.start()

  return {
    notify(notice: FrameNotice) {
      post(notice)
    },
    ready(frameVersion: string) {
      post({ v: frameProtocolVersion, type: 'READY', payload: { frameVersion, events: frameEventNames } })
    },
  }
}
