import { createServer } from 'node:http'

export type LoopbackPage = { readonly origin: string; readonly url: string; close(): Promise<void> }

/**
 * An empty HTML page on its own loopback origin (127.0.0.1, a free port): the host page the tests script
 * with page.evaluate. A real server, not page.route: Chromium's Local Network Access checks refuse a
 * loopback frame inside a page it did not get from a loopback address.
 */
export function serveLoopbackPage(title = 'host'): Promise<LoopbackPage> {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body></body></html>`
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const origin = `http://127.0.0.1:${port}`
      resolve({
        origin,
        url: `${origin}/`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections()
            server.close(() => done())
          }),
      })
    })
  })
}
