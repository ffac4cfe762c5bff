import { readdirSync, readFileSync } from 'node:fs'

/** Pids of live processes whose command line contains every one of `parts` (reads /proc; Linux only). */
export function processesMatching(...parts: string[]): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let cmdline: string
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ')
    } catch {
      continue
    }
    if (parts.every((part) => cmdline.includes(part))) pids.push(Number(entry))
  }
  return pids.filter((pid) => pid !== process.pid)
}
