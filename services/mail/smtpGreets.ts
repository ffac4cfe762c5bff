import { connect } from 'node:net'

/**
 * Resolves once a fresh connection to the SMTP server at `host`:`port` gets its `220` greeting: the server
 * takes mail, not just a socket. Rejects on anything else, or after `timeoutMs`.
 */
export function smtpGreets(host: string, port: number, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port })
    let heard = ''
    const done = (error?: Error) => {
      socket.destroy()
      if (error) reject(error)
      else resolve()
    }
    socket.setTimeout(timeoutMs, () => done(new Error(`no SMTP greeting in ${timeoutMs} ms`)))
    socket.on('error', done)
    socket.on('data', (chunk) => {
      heard += chunk.toString('latin1')
      if (!heard.includes('\n')) return
      done(heard.startsWith('220') ? undefined : new Error(`SMTP answered ${heard.slice(0, 3)}`))
    })
  })
}
