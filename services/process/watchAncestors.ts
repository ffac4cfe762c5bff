import { procStatFields } from './procStat.js'

/**
 * Calls `onOrphaned` once when a process that started this one is gone, looking `generations` levels up
 * (1: the parent; 2: the parent and its parent). `npm start` runs us through `sh -c`, so npm is the grandparent; when npm dies by SIGKILL
 * nothing signals us and the shell keeps waiting, so only watching tells. A process that is gone has
 * re-parented its children (to init or a subreaper), which is what is checked: a parent that died but was
 * not yet reaped still answers `kill(pid, 0)`, and a re-used pid cannot fool it. Levels above the parent are
 * read from /proc (Linux); elsewhere only the parent is watched.
 */
export function watchAncestors(
  generations: number,
  onOrphaned: () => void,
  intervalMs = 500,
): { stop(): void } {
  const lineage = () => {
    const pids = [process.ppid]
    while (pids.length < generations) {
      const parent = parentOf(pids.at(-1) as number)
      if (parent === undefined || parent <= 1) break
      pids.push(parent)
    }
    return pids
  }
  const started = lineage()
  const timer = setInterval(() => {
    const now = lineage()
    if (started.every((pid, i) => now[i] === pid)) return
    clearInterval(timer)
    onOrphaned()
  }, intervalMs)
  // Watching must not keep an otherwise finished process alive.
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

/** The parent of `pid` from /proc/<pid>/stat, or undefined when it cannot be read (gone, or not Linux). */
function parentOf(pid: number): number | undefined {
  const ppid = Number(procStatFields(pid)?.[1])
  return Number.isInteger(ppid) ? ppid : undefined
}
