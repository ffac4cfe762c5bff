import type { ChildGroup } from '../process/childGroup.js'

/** Where a local server the cluster (or a test) starts listens, and how long it may take to answer. */
export type LocalServerOptions = { port: number; host?: string; timeoutMs?: number }

/**
 * Reads a child group's stdout and stderr for as long as it runs (an unread pipe fills and stalls the
 * server writing to it) and keeps the last `maxChars` of them, to explain a failed start.
 */
export function outputTail(group: ChildGroup, maxChars = 8_000): () => string {
  let text = ''
  const collect = (chunk: Buffer) => {
    text = (text + chunk.toString()).slice(-maxChars)
  }
  group.child.stdout?.on('data', collect)
  group.child.stderr?.on('data', collect)
  return () => text
}
