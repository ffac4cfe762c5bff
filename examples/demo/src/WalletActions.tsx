import { useState } from 'react'
import { type Address, parseEther } from 'viem'
import { useBalance, useSendTransaction, useSignMessage, useWaitForTransactionReceipt } from 'wagmi'
import { BatchTransfers } from './BatchTransfers.js'
import { demoRecipient } from './demoTransfers.js'
import { formatAmount } from './formatAmount.js'

/** Sign a message and send 0.01 tETH through wagmi hooks, with the results on the page. */
export default function WalletActions({ address }: { address: Address }) {
  const balance = useBalance({ address })
  const sign = useSignMessage()
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data })
  const [message] = useState('Hello from the Pairwise demo')
  return (
    <>
      <p>
        Balance:{' '}
        <strong data-testid="demo-balance-amount">
          {balance.data ? formatAmount(balance.data.value, balance.data, navigator.language) : '…'}
        </strong>
      </p>
      <p className="hint" data-testid="explain-balance">
        Read from the chain with wagmi's useBalance and shown in the network's own units, with your browser's
        number format.
      </p>
      <div className="actions">
        <div className="action">
          <button type="button" data-testid="sign-message" onClick={() => sign.signMessage({ message })}>
            Sign a message
          </button>
          <p className="hint" data-testid="explain-sign">
            Asks your wallet to sign a short text. Nothing goes on chain; the signature appears below, and
            anyone can check with it that this address signed the text.
          </p>
        </div>
        <div className="action">
          <button
            type="button"
            data-testid="send-transaction"
            onClick={() => send.sendTransaction({ to: demoRecipient, value: parseEther('0.01') })}
          >
            Send 0.01 tETH
          </button>
          <p className="hint" data-testid="explain-send">
            Asks your wallet to send 0.01 tETH to a test address. The page shows the transaction hash, then
            its status once the chain has included it.
          </p>
        </div>
        <BatchTransfers />
      </div>
      {sign.data ? <output data-testid="signature">{sign.data}</output> : null}
      {sign.error ? (
        <output className="error" data-testid="sign-error">
          {sign.error.message.split('\n')[0]}
        </output>
      ) : null}
      {send.data ? <output data-testid="tx-hash">{send.data}</output> : null}
      {receipt.data ? <output data-testid="tx-status">{receipt.data.status}</output> : null}
      {send.error ? (
        <output className="error" data-testid="send-error">
          {send.error.message.split('\n')[0]}
        </output>
      ) : null}
    </>
  )
}
