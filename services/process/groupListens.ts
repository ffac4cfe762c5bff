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

/** The sockets listening on `port`, on any address: each one's inode, with the user it belongs to. */
function listeningSockets(port: number): Map<string, string> {
  const tables = SOCKET_TABLES.flatMap((table) => {
    try {
      return [readFileSync(table, 'utf8')]
    } catch {
      return []
    }
  })
  if (tables.length === 0) throw new Error('who listens on a port is read from /proc/net/tcp (Linux only)')
  const sockets = new Map<string, string>()
  for (const line of tables.flatMap((table) => table.split('\n').slice(1))) {
    // "sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …"
    const [, local = '', , state, , , , uid = '', , inode] = line.trim().split(/\s+/)
    if (state === LISTEN && inode && Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port)
      sockets.set(inode, uid)
  }
  return sockets
}

function groupMembers(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => Number(procStatFields(pid)?.[2]) === pgid)
}

/**
 * Whether process `pid` holds one of `sockets`. A process of another user (PostgreSQL run as its own user)
 * shows its descriptors only to a reader allowed to trace it, which root in a container often is not; such a
 * process holds one when one belongs to its user, whom a squatter, another user, is not.
 */
function holdsAny(pid: number, sockets: ReadonlyMap<string, string>): boolean {
  let descriptors: string[]
  try {
    descriptors = readdirSync(`/proc/${pid}/fd`)
  } catch (error) {
    return !gone(error) && userHoldsAny(pid, sockets)
  }
  let hidden = false
  const holds = descriptors.some((fd) => {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
      return inode !== undefined && sockets.has(inode)
    } catch (error) {
      // Closed meanwhile, or not ours to read.
      hidden ||= !gone(error)
      return false
    }
  })
  return holds || (hidden && userHoldsAny(pid, sockets))
}

/** Whether an error reading /proc is that the process or descriptor went, rather than that it is not ours to read. */
function gone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code !== 'EACCES' && code !== 'EPERM'
}

function userHoldsAny(pid: number, sockets: ReadonlyMap<string, string>): boolean {
  const uid = userOf(pid)
  return uid !== undefined && [...sockets.values()].includes(uid)
}

/** The effective user id of `pid`, from its status, which any reader may see; undefined once it is gone. */
function userOf(pid: number): string | undefined {
  try {
    return /^Uid:\s+\d+\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
  } catch {
    return undefined
  }
}
