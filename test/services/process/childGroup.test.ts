import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type ChildGroup,
  orphanGraceMs,
  startChildGroup,
  waitUntil,
} from '../../../services/process/childGroup.js'
import { processesMatching } from '../../support/processes.js'

const scratch = mkdtempSync(join(tmpdir(), 'pairwise-child-group-'))
const groups: ChildGroup[] = []
afterAll(async () => {
  await Promise.all(groups.map((group) => group.stop(0)))
  rmSync(scratch, { recursive: true, force: true })
})

/** A command's own folder, and a marker on its command line to find its processes by. */
function folderOf(name: string) {
  const folder = mkdtempSync(join(scratch, `${name}-`))
  return { folder, marker: `${folder}/marker` }
}

/** What the guard sees when the process that started it dies, by SIGKILL too: its stdin pipe closes. */
const orphan = (group: ChildGroup) => group.child.stdin?.destroy()

const gone = (what: string, check: () => boolean) =>
  waitUntil(async () => check(), what, { timeoutMs: orphanGraceMs + 10_000, intervalMs: 100 })

describe('a child group whose starter died', () => {
  it('stops its command and removes the folder it was given', async () => {
    const { folder, marker } = folderOf('quits')
    const group = startChildGroup({
      name: 'sleeper',
      command: 'sh',
      args: ['-c', 'sleep 30 # $0', marker],
      removeOnExit: folder,
    })
    groups.push(group)
    await gone('the command running', () => processesMatching(marker).length > 0)
    orphan(group)
    await group.exited
    await gone('the command', () => processesMatching(marker).length === 0)
    expect(existsSync(folder)).toBe(false)
  })

  it('kills a command deaf to SIGTERM and whatever it started, and still removes its folder', async () => {
    const { folder, marker } = folderOf('deaf')
    const group = startChildGroup({
      name: 'deaf',
      command: 'sh',
      args: ['-c', `trap '' TERM; sleep 30 & sleep 30 # $0`, marker],
      removeOnExit: folder,
    })
    groups.push(group)
    await gone('the command running', () => processesMatching(marker).length > 0)
    orphan(group)
    await group.exited
    await gone('the command and its children', () =>
      processesMatching('sleep 30').every((pid) => !inGroup(pid, group.pid)),
    )
    expect(processesMatching(marker)).toEqual([])
    expect(existsSync(folder)).toBe(false)
  })

  it('keeps the folder of a group that was not given one to remove', async () => {
    const { folder, marker } = folderOf('kept')
    const group = startChildGroup({ name: 'kept', command: 'sh', args: ['-c', 'sleep 30 # $0', marker] })
    groups.push(group)
    orphan(group)
    await group.exited
    expect(existsSync(folder)).toBe(true)
  })
})

/** Whether `pid` is still in process group `pgid` (reads /proc; a process gone is in none). */
function inGroup(pid: number, pgid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pgid
  } catch {
    return false
  }
}
