import type { RelayCore, RelaySession } from '../../../../relay/core/index.js'
import { RelayMethod } from '../../../../relay/protocol/index.js'

export type Push = { id: number; message: string }
export type Answer = {
  id: number
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** A client of a core, speaking JSON-RPC frames by hand and keeping what it is sent. */
export type CoreClient = {
  readonly session: RelaySession
  /** Envelopes pushed to it, in order, with the request id an acknowledgement names. */
  readonly pushes: Push[]
  readonly answers: Map<number, Answer>
  /** While false, its socket is closing and drops what it is sent. */
  socketOpen: boolean
  call(id: number, method: string, params: object): void
  ack(push: Push): void
}

/** `address`: the remote address the core counts its per-address caps by; the client id by default. */
export function coreClient(core: RelayCore, clientId: string, address?: string): CoreClient {
  const pushes: Push[] = []
  const answers = new Map<number, Answer>()
  const client: CoreClient = {
    session: core.open(
      clientId,
      {
        send: (text) => {
          if (!client.socketOpen) return false
          const sent = JSON.parse(text) as Answer & {
            method?: string
            params?: { data: { message: string } }
          }
          if (sent.method === RelayMethod.subscription)
            pushes.push({ id: sent.id, message: sent.params!.data.message })
          else answers.set(sent.id, sent)
          return true
        },
        close: () => {},
      },
      address,
    ),
    pushes,
    answers,
    socketOpen: true,
    call: (id, method, params) =>
      client.session.receive(JSON.stringify({ id, jsonrpc: '2.0', method, params })),
    ack: (push) => client.session.receive(JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true })),
  }
  return client
}

/** The envelopes of `pushes`, in order. */
export function messagesOf(pushes: Push[]): string[] {
  return pushes.map((push) => push.message)
}
