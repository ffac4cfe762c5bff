import { readFileSync } from 'node:fs'

/**
 * The fields of /proc/<pid>/stat after its command name (Linux), from `state`: `[state, ppid, pgrp, …]`;
 * undefined when it cannot be read (the process is gone, or this is not Linux). The name may hold spaces
 * and parentheses, so the fields are read after its last ')'.
 */
export function procStatFields(pid: number): string[] | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}
