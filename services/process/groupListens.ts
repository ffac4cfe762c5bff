import { readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { procStatFields } from './procStat.js'

/** The kernel's socket tables; a host without IPv6 has no tcp6. */
const SOCKET_TABLES = ['/proc/net/tcp', '/proc/net/tcp6']
/** `st` of a listening socket in those tables. */
const LISTEN = '0A'

/**
 * Whether a process of the group `pgid` holds a socket listening on TCP `port`, read from /proc (Linux).
 * An answer on a port says nothing of who gave it: between a port's check and a server's bind, another
 * local user may take the port and answer in the server's stead, and would be sent what only the server
 * should see (a password on connecting, every request a proxy forwards). A port our group holds, no other
 * user can take.
 */
export function groupListensOn(pgid: number, port: number): boolean {
  const sockets = listeningSockets(port)
  return sockets.size > 0 && groupMembers(pgid).some((pid) => holdsAny(pid, sockets))
}

/** The inodes of the sockets listening on `port`, on any address. */
function listeningSockets(port: number): Set<string> {
  const tables = SOCKET_TABLES.flatMap((table) => {
    try {
      return [readFileSync(table, 'utf8')]
    } catch {
      return []
    }
  })
  if (tables.length === 0) throw new Error('who listens on a port is read from /proc/net/tcp (Linux only)')
  const inodes = new Set<string>()
  for (const line of tables.flatMap((table) => table.split('\n').slice(1))) {
    // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …"
    const [, local = '', , state, , , , , , inode] = line.trim().split(/\s+/)
    if (state === LISTEN && inode && Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port)
      inodes.add(inode)
  }
  return inodes
}

function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => Number(procStatFields(pid)?.[2]) === pgid)
}

function holdsAny(pid: number, sockets: ReadonlySet<string>): boolean {
  let descriptors: string[]
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`)
  } catch {
    // Gone meanwhile.
    return false
  }
  return descriptors.some((fd) => {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
      return inode !== undefined && sockets.has(inode)
    } catch {
      return false
    }
  })
}
