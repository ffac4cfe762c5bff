import { describe, expect, it } from 'vitest'
import { type ClusterConfig, nodePorts, startCluster } from '../../../services/cluster/startCluster.js'

const config: ClusterConfig = {
  host: '127.0.0.1',
  dataDir: '/nonexistent/pairwise-cluster',
  stackFile: '/nonexistent/pairwise-cluster/stack.json',
  counts: { relay: 2, api: 3, auth: 1 },
  ports: { relay: 8787, api: 8788, frame: 8789, smtp: 2525, mail: 8025 },
  nodePort: 9100,
  self: { command: process.execPath, args: [] },
  log: () => {},
}

describe('pairwise cluster configuration', () => {
  it('gives the nodes consecutive ports: relay nodes, then api, then auth', () => {
    expect(nodePorts(config)).toEqual({ relay: [9100, 9101], api: [9102, 9103, 9104], auth: [9105] })
  })

  it('refuses a host that is not a loopback address before starting anything', async () => {
    for (const host of ['0.0.0.0', '192.168.1.2', '::', 'example.com'])
      await expect(startCluster({ ...config, host })).rejects.toThrow(/loopback address only/)
  })

  it('refuses a 127.x.x.x that is no address (an octet past 255, leading zeros, too few parts) and localhost, which the nodes cannot trust as a proxy address', async () => {
    for (const host of ['127.999.0.1', '127.0.0.256', '127.0.0.01', '127.1', '127.0.0.1.', 'localhost'])
      await expect(startCluster({ ...config, host }), host).rejects.toThrow(
        `--host ${host}: the cluster listens on a loopback address only`,
      )
  })

  it('takes any address of 127.0.0.0/8 and ::1 as loopback, going on to the next check', async () => {
    for (const host of ['127.0.0.1', '127.255.255.255', '127.0.0.0', '::1'])
      await expect(
        startCluster({ ...config, host, counts: { ...config.counts, auth: 0 } }),
        host,
      ).rejects.toThrow(/--auth must be a whole number of nodes/)
  })

  it('refuses a kind with no nodes', async () => {
    await expect(startCluster({ ...config, counts: { ...config.counts, auth: 0 } })).rejects.toThrow(
      /--auth must be a whole number of nodes/,
    )
  })
})
