import type { ChildGroup } from '../process/childGroup.js'

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
