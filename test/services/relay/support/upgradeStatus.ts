import { type ClientOptions, WebSocket } from 'ws'

/**
 * The HTTP status a WebSocket upgrade made with `options` gets, or 101 when it is accepted. The socket is
 * pushed onto `opened` and kept open, so that it counts against the caps under test until the caller ends it.
 */
export function upgradeStatus(url: string, options: ClientOptions, opened: WebSocket[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, options)
    opened.push(socket)
    socket.on('open', () => resolve(101))
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0)
      socket.terminate()
    })
    socket.on('error', (error) => {
      if (!error.message.includes('Unexpected server response')) reject(error)
    })
  })
}
