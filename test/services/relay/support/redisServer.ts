import { spawn } from 'node:child_process'
import { freePort } from '../../../support/ports.js'

export type RedisServer = { url: string; stop(): Promise<void> }

/** A throwaway redis-server on a free port, nothing persisted; `stop()` waits for it to exit. */
export async function startRedisServer(timeoutMs = 10_000): Promise<RedisServer> {
  const port = await freePort()
  const child = spawn(
    '/usr/bin/redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const url = `redis://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`redis-server did not start on ${port}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

async function accepts(port: number): Promise<boolean> {
  const { createConnection } = await import('node:net')
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' })
    socket.once('connect', () => {
      socket.end('PING\r\n')
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
