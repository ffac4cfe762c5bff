import { readFileSync } from 'node:fs'

/**
 * CPU seconds process `pid` has used so far, user and system; undefined without Linux's /proc. utime and
 * stime, the 14th and 15th fields of /proc/<pid>/stat, count in USER_HZ: 100 a second on Linux.
 */
export function processCpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}
