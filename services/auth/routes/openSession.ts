import type { StoredProject } from '../../api/projects/project.js'
import type { DeviceRef } from '../attemptStore.js'
import type { AuthContext } from '../authContext.js'

/**
 * The end of every login, whatever proved the user: the device approved for them, a fresh session of this
 * project on it, and their wallet if they have one.
 */
export async function openSession(
  ctx: AuthContext,
  userId: string,
  device: DeviceRef,
  project: StoredProject,
) {
  const now = ctx.now()
  await ctx.users.approveDevice(userId, device, now)
  const session = await ctx.sessions.create(
    { userId, deviceId: device.id, projectId: project.id },
    now,
    now + ctx.limits.reauthFreshMs,
  )
  const wallet = (await ctx.wallets.get(userId)) ?? null
  return { session, wallet }
}
