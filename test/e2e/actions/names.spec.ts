import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { EnsPlugin, JsonRpcProvider, Network } from 'ethers'
import {
  type Address,
  ccipRequest,
  createPublicClient,
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  type Hex,
  http,
} from 'viem'
import { ACTIONS_PROJECT_ID } from '../../../services/stack/demoProject.js'
import { type DemoStack, expect, freshEmail, test } from '../embedded/support/embeddedStack.js'
import { approveInFrame, emailLoginOnPage } from '../embedded/support/modalFrame.js'
import { registerNameWithApi } from './registerName.js'

type StackFile = { pages: { actions: string }; contracts: Record<string, Address> }
const stackFile = (stack: DemoStack) => JSON.parse(readFileSync(stack.stackFile, 'utf8')) as StackFile
/** Registers `name` for a fresh key straight through the api, so the modal finds it taken. */
async function registerElsewhere(stack: DemoStack, name: string): Promise<void> {
  const { answer } = await registerNameWithApi(stack, ACTIONS_PROJECT_ID, name)
  expect(answer.status, await answer.clone().text()).toBe(200)
}

/** Types `label` into RegisterAccountName (replacing what was there). */
async function typeName(page: Page, label: string): Promise<void> {
  await page.getByRole('dialog').getByTestId('register-account-name-input').fill(label)
}

const answerParameters = [{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }] as const
/** A gateway answer with one bit of its signature flipped on the way to the client. */
async function tampered(request: Parameters<typeof ccipRequest>[0]): Promise<Hex> {
  const [result, expires, signature] = decodeAbiParameters(answerParameters, await ccipRequest(request))
  const last = (Number.parseInt(signature.slice(-2), 16) ^ 1).toString(16).padStart(2, '0')
  return encodeAbiParameters(answerParameters, [result, expires, `${signature.slice(0, -2)}${last}` as Hex])
}

test.describe.configure({ timeout: 180_000 })

test('NAME-01 NAME-02 NAME-04 NAME-06 an email wallet registers alice-test.pairwise.eth in the modal on examples/actions; viem (universal resolver) and ethers resolve it both ways, a tampered gateway answer to nothing; abc, al ice and a taken name are refused with the spec’s texts', async ({
  page,
  stack,
}) => {
  const taken = 'taken-name.pairwise.eth'
  await registerElsewhere(stack, taken)
  const address = await emailLoginOnPage(page, stack, {
    url: stackFile(stack).pages.actions,
    email: freshEmail('names'),
    account: 'actions-account',
  })

  await page.getByRole('button', { name: /0x/ }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByTestId('account-choose-name').click()
  await expect(dialog.getByRole('heading', { name: 'Choose name' })).toBeVisible()
  const error = dialog.getByTestId('register-account-name-error')

  await typeName(page, 'abc')
  await expect(error).toHaveText('Name must be at least 4 characters long')
  await typeName(page, 'al ice')
  await expect(error).toHaveText('Can only contain letters, numbers and - characters')
  await dialog.getByTestId('register-account-name-submit').click()
  await expect(error).toHaveText('Can only contain letters, numbers and - characters')

  await typeName(page, 'taken-name')
  await expect(error).toBeHidden()
  const suggestions = dialog.getByTestId('register-account-name-suggestions')
  await expect(suggestions).toContainText('taken-name1.pairwise.eth')
  await dialog.getByTestId('register-account-name-submit').click()
  await expect(error).toHaveText('Name is already taken')

  await typeName(page, 'alice-test')
  await expect(dialog.getByTestId('register-account-name-available')).toHaveText('Available')
  await dialog.getByTestId('register-account-name-submit').click()
  // The email wallet shows what it signs and waits for the visitor's approval in the secure frame.
  await approveInFrame(page)
  await expect(dialog.getByTestId('register-account-name-success')).toContainText('alice-test.pairwise.eth', {
    timeout: 15_000,
  })

  const name = 'alice-test.pairwise.eth'
  const { contracts } = stackFile(stack)
  const universalResolverAddress = contracts.universalResolver
  expect(universalResolverAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
  const viem = createPublicClient({ transport: http(stack.chain.rpcUrl, { retryCount: 0 }) })
  expect(await viem.getEnsAddress({ name, universalResolverAddress })).toBe(getAddress(address))
  expect(await viem.getEnsName({ address, universalResolverAddress })).toBe(name)
  const network = new Network('anvil', BigInt(stack.chain.chainId))
  network.attachPlugin(new EnsPlugin(contracts.ensRegistry, 60))
  const ethers = new JsonRpcProvider(stack.chain.rpcUrl, network, { staticNetwork: network })
  expect(await ethers.resolveName(name)).toBe(getAddress(address))
  expect(await ethers.lookupAddress(address)).toBe(name)
  ethers.destroy()
  const tamperedViem = createPublicClient({
    transport: http(stack.chain.rpcUrl, { retryCount: 0 }),
    ccipRead: { request: tampered },
  })
  expect(await tamperedViem.getEnsAddress({ name, universalResolverAddress })).toBeNull()

  // Account shows the name; after a reload the reverse lookup finds it again, and no second name is offered.
  await dialog.getByRole('button', { name: 'Back to account' }).click()
  await expect(dialog.getByTestId('account-address')).toHaveText(name)
  await expect(dialog.getByTestId('account-choose-name')).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('actions-account')).toHaveText(`Connected: ${address}`, { timeout: 20_000 })
  await page.getByRole('button', { name: /0x|alice/ }).click()
  await expect(page.getByRole('dialog').getByTestId('account-address')).toHaveText(name)
})
