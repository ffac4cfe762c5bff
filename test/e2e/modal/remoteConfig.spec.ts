import { spawnSync } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { demoDistDir, type RunningDemo, type RunningStack, serveDemo } from '../../../services/index.js'
import { testWalletInfo } from '../../support/browserWallet.js'
import { connectTestWallet, expect, test } from './fixtures.js'
import { expectPaintsAsFast, startHangingServer } from './outages.js'

/** Acceptance 2 of issue 12: the project's remote configuration, changed with the CLI, rules the demo. */
const cli = join(process.cwd(), 'services/dist/cli/main.js')

function projectSet(dataDir: string, ...settings: string[]): void {
  const database = join(dataDir, 'api.sqlite')
  const run = spawnSync(
    process.execPath,
    [cli, 'project', 'set', 'pairwise-demo', ...settings, '--database', database],
    {
      encoding: 'utf8',
    },
  )
  if (run.status !== 0) throw new Error(`pairwise project set failed: ${run.stderr}`)
}

test('ROLE-07 activity turned off for the demo project with the CLI hides the Activity tab after a reload, with no code change', async ({
  page,
  stack,
  wallet,
}) => {
  // Two runs of the CLI, each loading its modules in a fresh process, besides the page's own steps.
  test.setTimeout(60_000)
  await connectTestWallet(page, stack.demoUrl, wallet.address)
  await page.getByTestId('account-button').click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByRole('tab', { name: 'Activity' })).toBeVisible()
  projectSet(stack.dataDir, '--activity', 'off')
  try {
    // The api caches a project for 1 s; the reload after it reads the new setting.
    await page.waitForTimeout(1_200)
    await page.reload()
    await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
    await page.getByTestId('account-button').click()
    await expect(account.getByRole('tab', { name: 'Tokens' })).toBeVisible()
    await expect(account.getByRole('tab', { name: 'Activity' })).toHaveCount(0)
  } finally {
    projectSet(stack.dataDir, '--activity', 'on')
  }
})

test('ERR-14 the demo served from an origin the project does not allow shows Invalid App Configuration', async ({
  page,
  stack,
}) => {
  const elsewhere = await demoAgainst(stack, stack.api.url)
  try {
    await page.goto(elsewhere.url)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(
      page.getByRole('dialog').getByRole('alert').filter({ hasText: 'Invalid App Configuration' }),
    ).toBeVisible()
  } finally {
    await elsewhere.close()
  }
})

/** The demo page on a port of its own, told the stack's chain, relay and demo project, and `apiUrl`. */
function demoAgainst(stack: RunningStack, apiUrl: string): Promise<RunningDemo> {
  return serveDemo({
    dir: demoDistDir(),
    host: '127.0.0.1',
    port: 0,
    config: {
      networks: [{ id: stack.chain.chainId, name: 'Anvil', rpcUrl: stack.chain.rpcUrl }],
      relayUrl: stack.relay.url,
      projectId: 'pairwise-demo',
      apiUrl,
    },
  })
}

/** A loopback port with nothing listening: connections are refused at once. */
async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

test('with the api down, and with it hanging, the button and the wallet list paint as fast as with it up, and an injected wallet connects', async ({
  page,
  stack,
  wallet,
}) => {
  const hanging = await startHangingServer('http')
  const demos: RunningDemo[] = []
  const demoWith = async (apiUrl: string) => {
    const running = await demoAgainst(stack, apiUrl)
    demos.push(running)
    return running.url
  }
  try {
    for (const [name, apiUrl] of [
      ['down', await closedPortUrl()],
      ['hanging', hanging.url],
    ] as const) {
      const timings = await expectPaintsAsFast(
        page,
        stack.demoUrl,
        await demoWith(apiUrl),
        `with the api ${name}`,
      )
      console.log(`paint ms with the api up and ${name}: ${JSON.stringify(timings)}`)
      await page
        .getByRole('dialog')
        .getByRole('button', { name: new RegExp(testWalletInfo.name) })
        .click()
      await expect(page.getByTestId('demo-address')).toHaveText(wallet.address)
    }
    expect(hanging.connections()).toBeGreaterThan(0)
  } finally {
    for (const running of demos) await running.close()
    await hanging.close()
  }
})
