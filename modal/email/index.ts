/**
 * `@pairwise/modal/email`: email login into the embedded wallet. `createAppKit({ embeddedWallet: emailLogin({ authUrl }) })`;
 * a page that does not import this loads none of the embedded wallet's code.
 */
export { type EmailLoginOptions, emailLogin } from './emailLogin.js'
