import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  PartEndedError,
  PortInUseError,
  type RunningStack,
  stackConfig,
  startStack,
} from '../../../services/index.js'
import { freeStackPorts } from '../../support/ports.js'

/**
 * The auth service's resend interval in the e2e stack: the 30 s default (proven by the auth service's own
 * tests, EMAIL-09) would make every second mail to one address wait half a minute. Long enough that a test
 * asking again "at once" after a few steps is still inside it on a busy machine.
 */
export const e2eResendIntervalMs = 10_000

/**
 * Another worker may bind a port between our probe and the stack's bind (both workers start their stacks at
 * once): a start that lost a port is tried again on fresh ones. The bundler binds seconds after it starts,
 * and a bundler that lost its port ends before answering (PartEndedError), its log not always saying why.
 */
const lostAPort = (error: unknown) =>
  error instanceof PortInUseError ||
  error instanceof PartEndedError ||
  (error instanceof Error && /EADDRINUSE/.test(error.message))

/** `npm start`'s stack (chain with fixtures, relay, api, demo page) on free ports, in a throwaway data dir. */
export async function startDemoStack(): Promise<RunningStack & { demoUrl: string; dataDir: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDemoStackOnce()
    } catch (error) {
      if (!lostAPort(error) || attempt >= 3) throw error
    }
  }
}

async function startDemoStackOnce(): Promise<RunningStack & { demoUrl: string; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pairwise-demo-'))
  let stack: RunningStack
  try {
    stack = await startStack(
      stackConfig(
        {},
        {
          dataDir,
          stackFile: join(dataDir, 'stack.json'),
          ports: await freeStackPorts(),
        },
      ),
      { authLimits: { resendIntervalMs: e2eResendIntervalMs } },
    )
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const demoUrl = stack.urls.find((u) => u.part === 'demo')?.url
  if (!demoUrl) throw new Error('the stack has no demo page')
  return {
    ...stack,
    demoUrl,
    dataDir,
    stop: async () => {
      await stack.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
