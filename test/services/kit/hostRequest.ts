import { request } from 'node:http'

/**
 * The status `url` answers a GET sent with `Host: host`, as a page rebound to loopback sends it (fetch
 * refuses to set Host).
 */
export function statusWithHost(url: string, host: string): Promise<number> {
  const { hostname, port, pathname } = new URL(url)
  return new Promise((resolve, reject) => {
    const sent = request({ host: hostname, port, path: pathname, headers: { host } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    sent.on('error', reject)
    sent.end()
  })
}
