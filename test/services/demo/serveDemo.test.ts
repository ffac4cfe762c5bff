import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningDemo, serveDemo } from '../../../services/index.js'
import { statusWithHost } from '../kit/hostRequest.js'

const page = (title: string) =>
  `<html><head><title>${title}</title><script id="pairwise-demo-config" type="application/json">{}</script></head></html>`

describe('serveDemo with more example pages', () => {
  const root = mkdtempSync(join(tmpdir(), 'pairwise-pages-'))
  let demo: RunningDemo

  beforeAll(async () => {
    for (const name of ['demo', 'siwx']) {
      mkdirSync(join(root, name, 'assets'), { recursive: true })
      writeFileSync(join(root, name, 'index.html'), page(name))
      writeFileSync(join(root, name, 'assets', 'app.js'), `// ${name}`)
    }
    writeFileSync(join(root, 'secret.txt'), 'not served')
    demo = await serveDemo({
      dir: join(root, 'demo'),
      pages: { siwx: join(root, 'siwx') },
      host: '127.0.0.1',
      port: 0,
      config: {
        networks: [{ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545' }],
        apiUrl: 'http://127.0.0.1:9',
      },
    })
  })

  afterAll(async () => {
    await demo.close()
    rmSync(root, { recursive: true, force: true })
  })

  const get = (path: string) => fetch(`${demo.url}${path}`, { redirect: 'manual' })

  it('serves each page under its own path with the stack config written in, and each its own assets', async () => {
    const signIn = await (await get('/siwx/')).text()
    expect(signIn).toContain('<title>siwx</title>')
    expect(signIn).toContain('"apiUrl":"http://127.0.0.1:9"')
    expect(await (await get('/')).text()).toContain('<title>demo</title>')
    expect(await (await get('/siwx/assets/app.js')).text()).toBe('// siwx')
    expect(await (await get('/assets/app.js')).text()).toBe('// demo')
  })

  it('redirects the bare page path to its folder, so relative assets resolve', async () => {
    const response = await get('/siwx')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/siwx/')
  })

  it('reaches nothing outside a page folder, whatever the path', async () => {
    for (const path of [
      '/siwx/../secret.txt',
      '/siwx/%2e%2e/secret.txt',
      '/siwx/..%2fsecret.txt',
      '/siwx/%00',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBeGreaterThanOrEqual(400)
      expect(response.status, path).toBeLessThan(500)
      expect(await response.text()).not.toContain('not served')
    }
  })

  it('answers 421 to a request whose Host is not one of its names', async () => {
    expect(await statusWithHost(`${demo.url}/`, 'evil.example')).toBe(421)
    expect(await statusWithHost(`${demo.url}/siwx/`, `evil.example:${demo.port}`)).toBe(421)
    for (const host of [`127.0.0.1:${demo.port}`, `localhost:${demo.port}`])
      expect(await statusWithHost(`${demo.url}/`, host), host).toBe(200)
  })

  it('refuses page names that are not one path segment', async () => {
    await expect(
      serveDemo({
        dir: join(root, 'demo'),
        pages: { '../x': join(root, 'siwx') },
        host: '127.0.0.1',
        port: 0,
        config: { networks: [] },
      }),
    ).rejects.toThrow('is not one path segment')
  })
})
