import type { BrowserContext } from '@playwright/test'

export function isLoopback(url: URL): boolean {
  const host = url.hostname
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * Keeps `context` on loopback: every request or WebSocket to another host fails at once and is recorded.
 * Loopback traffic is not intercepted at all, so it pays no routing cost. Returns the live list of URLs.
 */
export async function blockNonLoopback(context: BrowserContext): Promise<readonly string[]> {
  const blocked: string[] = []
  const remote = (url: URL) => !isLoopback(url)
  await context.route(remote, (route) => {
    blocked.push(route.request().url())
    return route.abort('addressunreachable')
  })
  await context.routeWebSocket(remote, (socket) => {
    blocked.push(socket.url())
    return socket.close({ code: 1011, reason: 'blocked by the benchmark' })
  })
  return blocked
}
