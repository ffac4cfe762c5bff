import { escapeHtml, formPage } from '../../kit/index.js'
import type { TestFarcasterAccount } from './testAccount.js'

/** Where the test client is served on the relay's origin. */
export const clientPaths = { page: '/client', approve: '/client/approve' } as const

const page = (title: string, body: string) =>
  formPage(title, body, {
    maxWidth: '40rem',
    style:
      'label{display:block;margin:.75rem 0 .25rem;font-weight:600}textarea,input,select{font:inherit;width:100%;box-sizing:border-box}button{margin-top:1rem}',
  })

/** Who the client signs as: the fid, its custody address and its auth address. */
const accountList = (account: TestFarcasterAccount) => `<dl>
<dt>fid</dt><dd data-testid="farcaster-client-fid">${account.fid}</dd>
<dt>username</dt><dd>${escapeHtml(account.username)}</dd>
<dt>custody address</dt><dd data-testid="farcaster-client-custody">${account.custody.address}</dd>
<dt>auth address</dt><dd>${account.authAddress.address}</dd></dl>`

/**
 * The page: the sign-in link a modal shows (its QR code or deep link; `?uri=` fills it in), the key that
 * signs (the custody key, the auth address, or a key that is not the fid's) and, for refusal tests, a
 * nonce or domain other than the one asked.
 */
export function clientForm(account: TestFarcasterAccount, uri: string): string {
  return page(
    'Farcaster test client',
    `<p>Approves a pending Sign In With Farcaster as the local test fid, as a Farcaster app does: it signs the
message the link asks for and posts it to this relay.</p>${accountList(account)}
<form method="post" action="${clientPaths.approve}">
<label for="uri">Sign-in link</label>
<textarea id="uri" name="uri" rows="4" required data-testid="farcaster-client-uri">${escapeHtml(uri)}</textarea>
<label for="signer">Sign with</label>
<select id="signer" name="signer" data-testid="farcaster-client-signer">
<option value="custody">the custody key</option>
<option value="authAddress">the auth address</option>
<option value="stranger">a key that is not the fid's</option>
</select>
<label for="nonce">Nonce (blank: the one asked)</label>
<input id="nonce" name="nonce" data-testid="farcaster-client-nonce">
<label for="domain">Domain (blank: the one asked)</label>
<input id="domain" name="domain" data-testid="farcaster-client-domain">
<button type="submit" data-testid="farcaster-client-approve">Approve</button>
</form>`,
  )
}

/** What the relay answered the approval: 201 is done; anything else is its refusal, shown as it came. */
export function clientResult(account: TestFarcasterAccount, status: number, answer: string): string {
  const approved = status === 201
  return page(
    approved ? 'Sign-in approved' : 'The relay refused the approval',
    `<p data-testid="farcaster-client-result" data-state="${approved ? 'approved' : 'refused'}">${
      approved
        ? `Signed as fid ${account.fid}: go back to the app.`
        : `The relay answered ${status}: ${escapeHtml(answer.slice(0, 500))}`
    }</p><p><a href="${clientPaths.page}">Approve another</a></p>`,
  )
}
