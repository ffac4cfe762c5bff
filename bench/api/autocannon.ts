import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

export type Result = { perSecond: number; p99: number; failed: number }

/**
 * autocannon against `url` from a process of its own (so the load generator does not share this one's
 * event loop): `connections` keep-alive connections for `seconds`, a JSON `post` body when given.
 */
export async function drive(url: string, post?: string, seconds = 2, connections = 50): Promise<Result> {
  const args = [
    fileURLToPath(import.meta.resolve('autocannon/autocannon.js')),
    '-j',
    '-c',
    String(connections),
  ]
  args.push('-d', String(seconds))
  if (post) args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', post)
  const { stdout } = await promisify(execFile)(process.execPath, [...args, url], {
    maxBuffer: 16 * 1024 * 1024,
  })
  const result = JSON.parse(stdout) as {
    requests: { average: number }
    latency: { p99: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  }
}
