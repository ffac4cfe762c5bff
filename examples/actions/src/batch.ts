import type { AppKit } from '@pairwise/modal'
import { numberToHex } from 'viem'
import type { DemoConfig } from '../../demo/src/config.js'
import { testUsdOn, twoTransfers } from '../../demo/src/demoTransfers.js'

/** The status is asked again this often while the batch is pending, at most `statusPolls` times. */
const statusPollMs = 1000
const statusPolls = 120

type CallsStatus = {
  status: number
  atomic?: boolean
  receipts?: { transactionHash: string; status: string }[]
}

const statusWords: Record<number, string> = {
  100: 'pending',
  200: 'confirmed',
  400: 'failed before the chain',
  500: 'reverted',
  600: 'partly reverted',
}

function statusText(status: CallsStatus): string {
  const word = statusWords[status.status] ?? 'unknown'
  const receipts = status.receipts ?? []
  const how = status.atomic ? 'in one transaction' : `${receipts.length} transactions`
  return `${word} (${status.status}), ${how}${receipts.map((r) => `\n${r.transactionHash} ${r.status === '0x1' ? 'success' : 'reverted'}`).join('')}`
}

/**
 * "Send two transfers in one batch" through the modal's provider: wallet_sendCalls (EIP-5792) to the
 * connected wallet (one by one through the modal when the wallet has no batches), then
 * wallet_getCallsStatus until the chain has every transfer; each step is written to `out`.
 */
export async function sendBatch(kit: AppKit, config: DemoConfig, out: HTMLOutputElement): Promise<void> {
  const provider = kit.getProvider('eip155')
  const from = kit.getAddress()
  const chainId = Number(kit.getCaipNetwork()?.id)
  const testUsd = testUsdOn(config, chainId)
  if (!provider || !from || !testUsd) {
    out.textContent = 'Connect a wallet on the local chain first.'
    return
  }
  out.textContent = 'Waiting for the wallet…'
  const calls = twoTransfers(testUsd).map(({ to, value, data }) => ({
    to,
    ...(value === undefined ? {} : { value: numberToHex(value) }),
    ...(data === undefined ? {} : { data }),
  }))
  const { id } = (await provider.request({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', from, chainId: numberToHex(chainId), atomicRequired: false, calls }],
  })) as { id: string }
  out.dataset.batchId = id
  for (let poll = 0; poll < statusPolls; poll++) {
    const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
    out.textContent = `Batch ${id.slice(0, 10)}…: ${statusText(status)}`
    if (status.status !== 100) return
    await new Promise((resolve) => setTimeout(resolve, statusPollMs))
  }
}
