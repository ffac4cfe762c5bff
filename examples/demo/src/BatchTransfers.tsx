import { useMemo } from 'react'
import { useCallsStatus, useChainId, useSendCalls } from 'wagmi'
import { readDemoConfig } from './config.js'
import { testUsdOn, twoTransfers } from './demoTransfers.js'

/** Asked again this often while the batch is pending. */
const statusPollMs = 1000

/**
 * "Send two transfers in one batch" through wagmi's useSendCalls (EIP-5792), then its status through
 * useCallsStatus until the chain has it. A wallet without batches gets the calls one by one from the modal.
 */
export function BatchTransfers() {
  const chainId = useChainId()
  const testUsd = useMemo(() => testUsdOn(readDemoConfig(document), chainId), [chainId])
  const send = useSendCalls()
  const id = send.data?.id
  const status = useCallsStatus({
    id: id ?? '',
    query: {
      enabled: id !== undefined,
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? statusPollMs : false),
    },
  })
  return (
    <div className="action">
      <button
        type="button"
        data-testid="send-batch"
        disabled={!testUsd || send.isPending}
        onClick={() => testUsd && send.mutate({ calls: twoTransfers(testUsd) })}
      >
        Send two transfers in one batch
      </button>
      <p className="hint" data-testid="explain-batch">
        Asks your wallet for 0.01 tETH and 1 tUSD to a test address in one request (EIP-5792
        wallet_sendCalls). A wallet that batches sends them together; for one that does not, the modal sends
        them one after the other. The batch's status appears below once the chain has it.
      </p>
      {id ? <output data-testid="batch-id">{id}</output> : null}
      {status.data ? (
        <output data-testid="batch-status">
          {status.data.status ?? 'unknown'} ({status.data.statusCode}),{' '}
          {status.data.atomic ? 'in one transaction' : `${status.data.receipts?.length ?? 0} transactions`}
        </output>
      ) : null}
      {send.error ? (
        <output className="error" data-testid="batch-error">
          {send.error.message.split('\n')[0]}
        </output>
      ) : null}
    </div>
  )
}
