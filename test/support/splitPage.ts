import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename } from 'node:path'
import { build } from 'esbuild'
import { sourceConditions } from './workspaceSource.js'

export type SplitPage = { url: string; close(): Promise<void> }

/**
 * Bundles `entry` split like an app's bundler would (each lazily imported module a file of its own) and
 * serves it on a free loopback port: the chunks by name, and for any other path a page that loads the
 * entry with `body` in it.
 */
export async function serveSplitPage(entry: string, body = ''): Promise<SplitPage> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    conditions: sourceConditions,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/split-page',
    write: false,
    logLevel: 'silent',
  })
  const files = new Map(result.outputFiles.map((f) => [`/${basename(f.path)}`, f.text]))
  const script = `/${basename(entry).replace(/\.tsx?$/, '.js')}`
  const html = `<!doctype html><html lang="en"><head><link rel="icon" href="data:,"><script type="module" src="${script}"></script></head><body>${body}</body></html>`
  const server = createServer((request, response) => {
    const code = files.get(new URL(request.url ?? '/', 'http://page').pathname)
    if (code) response.writeHead(200, { 'content-type': 'text/javascript' }).end(code)
    else response.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
