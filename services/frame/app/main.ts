import { frameProtocolVersion } from '@pairwise/engine/frame'
import { createStore, del, get, set } from 'idb-keyval'
import { DeviceVault } from '../custody/index.js'
import { frameConfigSchema, frameConfigTagId } from '../frameConfig.js'
import { AuthClient } from './authClient.js'
import { serveFrame } from './frameServer.js'
import { frameHandlers } from './handlers.js'
import { acceptHandshake } from './handshake.js'
import { sessionPerProject } from './projectStorage.js'
import { FrameSession } from './session.js'
import { idleScreen } from './ui/screens.js'
// The modal's token defaults and component rules (vite.config.ts), then the frame's own layout.
import 'virtual:pairwise-theme.css'
import './styles.css'

/**
 * The secure frame: reads the config its server wrote, waits for the one allowed host's handshake, then
 * serves that host over the private port. The device's keys and share live in this origin's IndexedDB.
 */
async function start(): Promise<void> {
  const config = frameConfigSchema.parse(
    JSON.parse(document.getElementById(frameConfigTagId)?.textContent ?? ''),
  )
  const log = config.enableLogger
    ? (message: string, detail?: unknown) => console.debug(`[pairwise frame] ${message}`, detail ?? '')
    : () => {}
  const store = createStore('pairwise-frame', 'vault')
  const vault = new DeviceVault(
    sessionPerProject(
      {
        get: (key) => get(key, store),
        set: (key, value) => set(key, value, store),
        del: (key) => del(key, store),
      },
      config.projectId,
    ),
  )
  const host = await acceptHandshake(config.allowedOrigins)
  log('channel open', host.origin)
  const deviceKeys = () => vault.deviceKeys()
  const auth = new AuthClient(
    { projectId: config.projectId, hostOrigin: host.origin },
    deviceKeys,
    async () => (await vault.session())?.token,
  )
  const session = new FrameSession(auth, vault, deviceKeys)
  idleScreen(host.origin)
  const handlers = frameHandlers({
    config,
    hostOrigin: host.origin,
    session,
    onSignedOut: () => server.notify({ v: frameProtocolVersion, type: 'SIGNED_OUT', payload: {} }),
  })
  const server = serveFrame(host.port, handlers, log)
  server.ready(config.frameVersion)
}

void start()
