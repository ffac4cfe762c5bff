import { createServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { type ChildGroup, startChildGroup, waitUntil } from '../../../services/process/childGroup.js'
import { groupListensOn } from '../../../services/process/groupListens.js'
import { freePort } from '../../support/ports.js'

const groups: ChildGroup[] = []
afterAll(async () => {
  await Promise.all(groups.map((group) => group.stop(0)))
})

/** A group whose command, a grandchild of the group's leader, listens on `port` of 127.0.0.1. */
function listener(port: number): ChildGroup {
  const group = startChildGroup({
    name: 'listener',
    command: process.execPath,
    args: ['-e', `require('node:net').createServer().listen(${port}, '127.0.0.1')`],
  })
  groups.push(group)
  return group
}

describe('groupListensOn: who holds a listening port', () => {
  it('says yes once a process of the group listens on the port', async () => {
    const port = await freePort()
    const group = listener(port)
    await waitUntil(async () => groupListensOn(group.pid, port), 'the listener')
  })

  it('says no for a port another process listens on, and for a port nobody does', async () => {
    const port = await freePort()
    const group = listener(await freePort())
    const other = createServer()
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve))
    try {
      expect(groupListensOn(group.pid, port)).toBe(false)
      expect(groupListensOn(process.pid, await freePort())).toBe(false)
    } finally {
      other.close()
    }
  })
})
