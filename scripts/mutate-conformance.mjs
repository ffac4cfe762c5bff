#!/usr/bin/env node
// Mutation check of the engine conformance suite: for every protocol rule, break the check that
// implements it and confirm that the conformance test named after the rule fails.
//
// Nothing in the working tree is touched: the source layers and the conformance tests are copied to a
// temporary directory, node_modules is linked in, and each mutation is applied to the copy, run, and
// undone there. The copy is removed on exit, also after an error or Ctrl-C.
//
//   node scripts/mutate-conformance.mjs             every rule
//   node scripts/mutate-conformance.mjs expiry ping  only the rules whose name contains one of the words
//   node scripts/mutate-conformance.mjs --list       the table, checking each source text is still found
//
// Prints one line a mutation (killed | SURVIVED | STALE when its source text is no longer found) and
// exits non-zero unless every mutation was killed.

import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')

const CONNECT = 'test/conformance/connect.conformance.test.ts'
const APPROVE = 'test/conformance/approve.conformance.test.ts'
const REQUEST = 'test/conformance/request.conformance.test.ts'
const AUTH = 'test/conformance/authenticate.conformance.test.ts'
const SESSION = 'test/conformance/session.conformance.test.ts'
const ERRORS = 'test/conformance/errors.conformance.test.ts'
const VERIFY = 'test/conformance/verify.conformance.test.ts'

/**
 * rule: the spec rule (§4/§5 of the product spec, as listed in the engine issue) the check implements;
 * file, find: where the check is and its exact source text (found exactly once in that file);
 * replace: the broken check; test, name: the conformance test that must fail.
 */
const mutations = [
  {
    rule: 'connect: pairing must exist',
    file: 'engine/validate.ts',
    find: "if (!ctx.stores.pairings.has(topic)) {\n    throw internalError('NO_MATCHING_KEY', `pairing topic",
    replace: "if (false) {\n    throw internalError('NO_MATCHING_KEY', `pairing topic",
    test: CONNECT,
    name: 'pairing must exist and not be expired',
  },
  {
    rule: 'connect: pairing not expired',
    file: 'engine/validate.ts',
    find: 'if (isExpired(ctx.clock, ctx.stores.pairings.get(topic).expiry)) {',
    replace: 'if (false) {',
    test: CONNECT,
    name: 'pairing must exist and not be expired',
  },
  {
    rule: 'pair: pairing URI not expired',
    file: 'engine/pairing/pair.ts',
    find: 'if (expiryTimestamp !== undefined && isExpired(ctx.clock, expiryTimestamp)) {',
    replace: 'if (false) {',
    test: CONNECT,
    name: 'pairing must exist and not be expired',
  },
  {
    rule: 'connect: relays valid (non-empty list)',
    file: 'engine/namespaces/validate.ts',
    find: 'Array.isArray(input) &&\n    input.length > 0 &&',
    replace: 'Array.isArray(input) &&',
    test: CONNECT,
    name: 'relays valid',
  },
  {
    rule: 'connect: relays valid (protocol named)',
    file: 'engine/namespaces/validate.ts',
    find: "typeof relay.protocol === 'string' && relay.protocol !== ''",
    replace: "typeof relay.protocol === 'string'",
    test: CONNECT,
    name: 'relays valid',
  },
  {
    rule: 'connect: requiredNamespaces deprecated (warning)',
    file: 'engine/proposal/validateConnect.ts',
    find: 'ctx.logger.warn(DEPRECATION)',
    replace: '',
    test: CONNECT,
    name: 'requiredNamespaces deprecated (warning, merged into optional)',
  },
  {
    rule: 'connect: requiredNamespaces merged into optional',
    file: 'engine/session/connect.ts',
    find: 'mergeRequiredIntoOptional(\n    connectParams.requiredNamespaces,\n    connectParams.optionalNamespaces,\n  )',
    replace: 'connectParams.optionalNamespaces',
    test: CONNECT,
    name: 'requiredNamespaces deprecated (warning, merged into optional)',
  },
  {
    rule: 'connect: requiredNamespaces not sent as required',
    file: 'engine/session/connect.ts',
    find: '    requiredNamespaces: {},\n    optionalNamespaces,',
    replace: '    requiredNamespaces: connectParams.requiredNamespaces,\n    optionalNamespaces,',
    test: CONNECT,
    name: 'requiredNamespaces deprecated (warning, merged into optional)',
  },
  {
    rule: 'property values not null (the check)',
    file: 'engine/namespaces/validate.ts',
    find: 'if (value === null || value === undefined) {',
    replace: 'if (false) {',
    test: CONNECT,
    name: 'session and scoped property values not null',
  },
  {
    rule: 'connect: sessionProperties values not null',
    file: 'engine/proposal/validateConnect.ts',
    find: "const sessionProblem = validateProperties(sessionProperties, 'sessionProperties')",
    replace: 'const sessionProblem = null',
    test: CONNECT,
    name: 'session and scoped property values not null',
  },
  {
    rule: 'connect: scopedProperties values not null',
    file: 'engine/proposal/validateConnect.ts',
    find: "const scopedProblem = validateProperties(scopedProperties, 'scopedProperties')",
    replace: 'const scopedProblem = null',
    test: CONNECT,
    name: 'session and scoped property values not null',
  },
  {
    rule: 'scoped keys a subset (the check)',
    file: 'engine/namespaces/validate.ts',
    find: '  if (valid) return null\n',
    replace: '  return null\n',
    test: CONNECT,
    name: 'scoped keys a subset of requested namespaces',
  },
  {
    rule: 'connect: scoped keys a subset of requested namespaces',
    file: 'engine/proposal/validateConnect.ts',
    find: "validateScopedKeys(scopedProperties as Record<string, unknown>, requested, 'requested')",
    replace: 'null',
    test: CONNECT,
    name: 'scoped keys a subset of requested namespaces',
  },
  {
    rule: 'approve: proposal id a number',
    file: 'engine/validate.ts',
    find: "if (typeof id !== 'number' || !Number.isSafeInteger(id)) {",
    replace: 'if (false) {',
    test: APPROVE,
    name: 'proposal id exists and not expired',
  },
  {
    rule: 'approve: proposal id exists',
    file: 'engine/validate.ts',
    find: 'if (!ctx.stores.proposals.has(String(id))) {',
    replace: 'if (false) {',
    test: APPROVE,
    name: 'proposal id exists and not expired',
  },
  {
    rule: 'approve: proposal not expired',
    file: 'engine/validate.ts',
    find: 'if (isExpired(ctx.clock, ctx.stores.proposals.get(String(id)).expiryTimestamp)) {',
    replace: 'if (false) {',
    test: APPROVE,
    name: 'proposal id exists and not expired',
  },
  {
    rule: 'approve: namespaces satisfy required',
    file: 'engine/session/approve.ts',
    find: "checkConformingNamespaces(proposal.requiredNamespaces, namespaces, 'approve()')",
    replace: 'null',
    test: APPROVE,
    name: 'namespaces satisfy required',
  },
  {
    rule: 'namespaces satisfy required (required chains approved)',
    file: 'engine/namespaces/conform.ts',
    find: 'const missingChains = Object.keys(wanted).filter((chain) => !(chain in have))',
    replace: 'const missingChains: string[] = []',
    test: APPROVE,
    name: 'namespaces satisfy required',
  },
  {
    rule: 'approve: namespaces well formed (accounts CAIP-10)',
    file: 'engine/session/approve.ts',
    find: "validateSessionNamespaces(namespaces, 'approve()') ??",
    replace: 'null ??',
    test: APPROVE,
    name: 'namespaces satisfy required',
  },
  {
    rule: 'approve: relayProtocol a string',
    file: 'engine/session/approve.ts',
    find: "if (relayProtocol !== undefined && (typeof relayProtocol !== 'string' || relayProtocol.trim() === '')) {",
    replace: 'if (false) {',
    test: APPROVE,
    name: 'relayProtocol a string',
  },
  {
    rule: 'approve: sessionProperties values not null',
    file: 'engine/session/approve.ts',
    find: "validateProperties(sessionProperties, 'sessionProperties') ??",
    replace: 'null ??',
    test: APPROVE,
    name: 'session and scoped property values not null',
  },
  {
    rule: 'approve: scopedProperties values not null',
    file: 'engine/session/approve.ts',
    find: "    validateProperties(scopedProperties, 'scopedProperties')\n",
    replace: '    null\n',
    test: APPROVE,
    name: 'session and scoped property values not null',
  },
  {
    rule: 'approve: scoped keys a subset of approved namespaces',
    file: 'engine/session/approve.ts',
    find: "validateScopedKeys(scopedProperties, Object.keys(namespaces), 'approved')",
    replace: 'null',
    test: APPROVE,
    name: 'scoped keys a subset of approved namespaces',
  },
  {
    rule: 'request: chainId in the session namespaces',
    file: 'engine/session/checks.ts',
    find: "  request: unknown,\n  call: string,\n): void {\n  const { namespaces } = ctx.stores.sessions.get(topic)\n  if (typeof chainId !== 'string' || !isChainInSession(namespaces, chainId)) {",
    replace:
      '  request: unknown,\n  call: string,\n): void {\n  const { namespaces } = ctx.stores.sessions.get(topic)\n  if (false) {',
    test: REQUEST,
    name: 'chainId in the session namespaces',
  },
  {
    rule: 'request: method allowed',
    file: 'engine/session/checks.ts',
    find: 'if (!isMethodAllowed(namespaces, chainId, method)) {',
    replace: 'if (false) {',
    test: REQUEST,
    name: 'method allowed',
  },
  {
    rule: 'request: method allowed (checked again by the wallet)',
    file: 'engine/session/onSessionRequest.ts',
    find: "assertRequestAllowed(ctx, topic, params.chainId, params.request, 'request()')",
    replace: '',
    test: REQUEST,
    name: 'an incoming request outside the session is refused by the wallet',
  },
  {
    rule: 'request: expiry a number',
    file: 'engine/session/checks.ts',
    find: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {",
    replace: 'if (Number.isNaN(expiry) || expiry < min || expiry > max) {',
    test: REQUEST,
    name: 'expiry a number of seconds between 300 and 604800',
  },
  {
    rule: 'request: expiry not NaN',
    file: 'engine/session/checks.ts',
    find: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {",
    replace: "if (typeof expiry !== 'number' || expiry < min || expiry > max) {",
    test: REQUEST,
    name: 'expiry a number of seconds between 300 and 604800',
  },
  {
    rule: 'request: expiry at least 300 s',
    file: 'engine/session/checks.ts',
    find: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {",
    replace: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry > max) {",
    test: REQUEST,
    name: 'expiry a number of seconds between 300 and 604800',
  },
  {
    rule: 'request: expiry at most 604800 s',
    file: 'engine/session/checks.ts',
    find: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {",
    replace: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min) {",
    test: REQUEST,
    name: 'expiry a number of seconds between 300 and 604800',
  },
  {
    rule: 'request: expiry of exactly 300 s accepted',
    file: 'engine/session/checks.ts',
    find: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {",
    replace: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry <= min || expiry > max) {",
    test: REQUEST,
    name: 'expiry a number of seconds between 300 and 604800',
  },
  {
    rule: 'request: expiry of exactly 604800 s accepted',
    file: 'engine/session/checks.ts',
    find: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry > max) {",
    replace: "if (typeof expiry !== 'number' || Number.isNaN(expiry) || expiry < min || expiry >= max) {",
    test: REQUEST,
    name: 'expiry a number of seconds between 300 and 604800',
  },
  {
    rule: 'emit: chainId allowed',
    file: 'engine/session/checks.ts',
    find: "  event: unknown,\n  call: string,\n): void {\n  const { namespaces } = ctx.stores.sessions.get(topic)\n  if (typeof chainId !== 'string' || !isChainInSession(namespaces, chainId)) {",
    replace:
      '  event: unknown,\n  call: string,\n): void {\n  const { namespaces } = ctx.stores.sessions.get(topic)\n  if (false) {',
    test: REQUEST,
    name: 'chainId and event allowed',
  },
  {
    rule: 'emit: event allowed',
    file: 'engine/session/checks.ts',
    find: "if (typeof name !== 'string' || name.trim() === '' || !isEventAllowed(namespaces, chainId, name)) {",
    replace: "if (typeof name !== 'string' || name.trim() === '') {",
    test: REQUEST,
    name: 'chainId and event allowed',
  },
  {
    rule: 'authenticate: chains an array',
    file: 'engine/auth/validate.ts',
    find: 'if (!Array.isArray(chains) || chains.length === 0) {',
    replace: 'if (chains.length === 0) {',
    test: AUTH,
    name: 'chains non-empty array',
  },
  {
    rule: 'authenticate: chains non-empty',
    file: 'engine/auth/validate.ts',
    find: 'if (!Array.isArray(chains) || chains.length === 0) {',
    replace: 'if (!Array.isArray(chains)) {',
    test: AUTH,
    name: 'chains non-empty array',
  },
  ...['uri', 'domain', 'nonce'].map((field) => ({
    rule: `authenticate: ${field} required`,
    file: 'engine/auth/validate.ts',
    find: `if (!isNonEmptyString(${field})) throw`,
    replace: 'if (false) throw',
    test: AUTH,
    name: `${field} required`,
  })),
  {
    rule: 'authenticate: a single namespace',
    file: 'engine/auth/validate.ts',
    find: 'if (namespaces.size > 1) {',
    replace: 'if (false) {',
    test: AUTH,
    name: 'a single namespace',
  },
  {
    rule: 'authenticate: eip155 only',
    file: 'engine/auth/validate.ts',
    find: "if (!namespaces.has('eip155')) {",
    replace: 'if (false) {',
    test: AUTH,
    name: 'eip155 only',
  },
  {
    rule: 'settle validated (namespaces)',
    file: 'engine/session/onSettleRequest.ts',
    find: '  if (namespacesProblem) throw namespacesProblem\n',
    replace: '\n',
    test: SESSION,
    name: 'settle validated, stored, acknowledged',
  },
  {
    rule: 'settle validated (not expired)',
    file: 'engine/session/onSettleRequest.ts',
    find: "if (isExpired(ctx.clock, parsed.data.expiry)) throw internalError('EXPIRED', 'onSessionSettleRequest()')",
    replace: '',
    test: SESSION,
    name: 'settle validated, stored, acknowledged',
  },
  {
    rule: 'settle stored',
    file: 'engine/session/onSettleRequest.ts',
    find: '    await ctx.stores.sessions.set(topic, session)\n',
    replace: '\n',
    test: SESSION,
    name: 'settle validated, stored, acknowledged',
  },
  {
    rule: 'settle acknowledged',
    file: 'engine/session/onSettleRequest.ts',
    find: "    await sendResult(ctx, topic, 'wc_sessionSettle', payload.id, true)\n",
    replace: '\n',
    test: SESSION,
    name: 'settle validated, stored, acknowledged',
  },
  {
    rule: 'a settle error response deletes the session',
    file: 'engine/session/onSettleResponse.ts',
    find: "  if ('error' in payload) {\n    await deleteSession(ctx, { topic, emitEvent: false })\n",
    replace: "  if ('error' in payload) {\n",
    test: SESSION,
    name: 'a settle error response deletes the session',
  },
  {
    rule: 'expiry deletes (expirer)',
    file: 'engine/expire.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    find: "      await deleteSession(ctx, { topic, reason: getInternalError('EXPIRED', `session topic: ${topic}`) })\n",
    replace: '\n',
    test: SESSION,
    name: 'expiry or a missing key deletes',
  },
  {
    rule: 'expiry refused on use',
    file: 'engine/validate.ts',
    find: 'if (isExpired(ctx.clock, ctx.stores.sessions.get(topic).expiry)) {',
    replace: 'if (false) {',
    test: SESSION,
    name: 'expiry or a missing key deletes',
  },
  {
    rule: 'expiry deletes on use',
    file: 'engine/validate.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    find: "    await deleteSession(ctx, { topic })\n    throw internalError('EXPIRED', `session topic: ${topic}`)",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    replace: "    throw internalError('EXPIRED', `session topic: ${topic}`)",
    test: SESSION,
    name: 'expiry or a missing key deletes',
  },
  {
    rule: 'a missing key is refused',
    file: 'engine/validate.ts',
    find: 'if (!ctx.stores.keychain.has(topic)) {',
    replace: 'if (false) {',
    test: SESSION,
    name: 'expiry or a missing key deletes',
  },
  {
    rule: 'a missing key deletes',
    file: 'engine/validate.ts',
    find: "    await deleteSession(ctx, { topic })\n    throw internalError('MISSING_OR_INVALID', `session topic does not exist in keychain",
    replace: "    throw internalError('MISSING_OR_INVALID', `session topic does not exist in keychain",
    test: SESSION,
    name: 'expiry or a missing key deletes',
  },
  {
    rule: 'update and extend on existing sessions only',
    file: 'engine/validate.ts',
    find: "if (!ctx.stores.sessions.has(topic)) {\n    throw internalError('NO_MATCHING_KEY', `session topic doesn't exist",
    replace: "if (false) {\n    throw internalError('NO_MATCHING_KEY', `session topic doesn't exist",
    test: SESSION,
    name: 'update, extend (expiry reset) and delete on existing sessions only',
  },
  {
    rule: 'delete on existing sessions only',
    file: 'engine/validate.ts',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
    find: "  throw internalError('NO_MATCHING_KEY', `session or pairing topic doesn't exist: ${topic}`)\n",
    replace: "  return 'session'\n",
    test: SESSION,
    name: 'update, extend (expiry reset) and delete on existing sessions only',
  },
  {
    rule: 'extend resets the expiry (controller)',
    file: 'engine/session/extend.ts',
    find: '  await setSessionExpiry(ctx, params.topic, expiry)\n',
    replace: '\n',
    test: SESSION,
    name: 'update, extend (expiry reset) and delete on existing sessions only',
  },
  {
    rule: 'extend resets the expiry (peer)',
    file: 'engine/session/extend.ts',
    find: '    await setSessionExpiry(ctx, topic, calcExpiry(ctx.clock, SEVEN_DAYS))\n',
    replace: '\n',
    test: SESSION,
    name: 'update, extend (expiry reset) and delete on existing sessions only',
  },
  {
    rule: 'update by the controller only',
    file: 'engine/session/update.ts',
    find: "  if (session.self.publicKey !== session.controller) throw sdkError('UNAUTHORIZED_UPDATE_REQUEST')\n",
    replace: '\n',
    test: SESSION,
    name: 'update, extend (expiry reset) and delete on existing sessions only',
  },
  {
    rule: 'out-of-sync updates (older id) discarded',
    file: 'engine/session/update.ts',
    find: "if (last !== undefined && isOutOfSync(last, id)) {\n    ctx.logger.warn('discarding out of sync session update'",
    replace: "if (false) {\n    ctx.logger.warn('discarding out of sync session update'",
    test: SESSION,
    name: 'out-of-sync updates (older id) discarded with INVALID_UPDATE_REQUEST',
  },
  {
    rule: 'out-of-sync updates: the last applied id remembered',
    file: 'engine/session/update.ts',
    find: '    ctx.lastApplied.set(topic, id)\n',
    replace: '\n',
    test: SESSION,
    name: 'out-of-sync updates (older id) discarded with INVALID_UPDATE_REQUEST',
  },
  {
    rule: 'wallet requests processed one at a time',
    file: 'engine/session/queue.ts',
    find: '  if (state.active) return\n',
    replace: '\n',
    test: SESSION,
    name: 'wallet-side session requests queued and processed one at a time with a delay after each response',
  },
  {
    rule: 'a delay after each response',
    file: 'engine/session/queue.ts',
    find: 'schedule(ctx, ctx.timings.requestQueueDelayMs, () => {',
    replace: 'schedule(ctx, 0, () => {',
    test: SESSION,
    name: 'wallet-side session requests queued and processed one at a time with a delay after each response',
  },
  {
    rule: 'the queue delay defaults to 1 s',
    file: 'engine/context.ts',
    find: 'requestQueueDelayMs: 1_000',
    replace: 'requestQueueDelayMs: 500',
    test: SESSION,
    name: 'wallet-side session requests queued and processed one at a time with a delay after each response',
  },
  {
    rule: 'recently deleted topics remembered',
    file: 'engine/session/delete.ts',
    find: "  ctx.recentlyDeleted.add(topic, 'session')\n",
    replace: '\n',
    test: SESSION,
    name: 'recently deleted topics remembered and rejected',
  },
  {
    rule: 'recently deleted topics rejected',
    file: 'engine/store/recentlyDeleted.ts',
    find: '    if (kind !== undefined)\n',
    replace: '    if (false)\n',
    test: SESSION,
    name: 'recently deleted topics remembered and rejected',
  },
  {
    rule: 'recently deleted checked before session use',
    file: 'engine/validate.ts',
    find: "  assertTopicString(topic, 'session')\n  ctx.recentlyDeleted.check(topic)\n",
    replace: "  assertTopicString(topic, 'session')\n",
    test: SESSION,
    name: 'recently deleted topics remembered and rejected',
  },
  {
    rule: 'recently deleted list drops its oldest half when full',
    file: 'engine/store/recentlyDeleted.ts',
    find: 'let drop = Math.floor(this.#limit / 2)',
    replace: 'let drop = 1',
    test: SESSION,
    name: 'the recently deleted list drops its oldest half when full',
  },
  {
    rule: 'recently deleted list: dropping starts when full',
    file: 'engine/store/recentlyDeleted.ts',
    find: 'if (this.#entries.size < this.#limit) return',
    replace: 'if (this.#entries.size <= this.#limit) return',
    test: SESSION,
    name: 'the recently deleted list drops its oldest half when full',
  },
  {
    rule: 'ping answered after 500 ms (the wait)',
    file: 'engine/inbound/route.ts',
    find: 'return schedule(ctx, ctx.timings.pingResponseDelayMs, deliver)',
    replace: 'return deliver()',
    test: SESSION,
    name: 'ping answered after 500 ms',
  },
  {
    rule: 'ping answered after 500 ms (the default)',
    file: 'engine/context.ts',
    find: 'pingResponseDelayMs: 500 }',
    replace: 'pingResponseDelayMs: 50 }',
    test: SESSION,
    name: 'ping answered after 500 ms',
  },
  ...[
    ['MISSING_OR_INVALID', 5],
    ['NO_MATCHING_KEY', 2],
    ['EXPIRED', 6],
    ['NOT_INITIALIZED', 1],
    ['USER_DISCONNECTED', 6000],
    ['INVALID_UPDATE_REQUEST', 1003],
  ].map(([key, code]) => ({
    rule: `error code ${key} = ${code}`,
    file: 'engine/errors.ts',
    find: `${key}: { code: ${code},`,
    replace: `${key}: { code: ${Number(code) + 1},`,
    test: ERRORS,
    name: `${key} carries code ${code}`,
  })),
  {
    rule: 'NOT_INITIALIZED after close()',
    file: 'engine/client.ts',
    find: 'if (this.#ctx === undefined || this.#ctx.closed) throw',
    replace: 'if (this.#ctx === undefined) throw',
    test: ERRORS,
    name: 'NOT_INITIALIZED before initialize() and after close()',
  },
  {
    rule: 'USER_DISCONNECTED sent on disconnect',
    file: 'engine/session/disconnect.ts',
    find: "params: params.reason ?? getSdkError('USER_DISCONNECTED'),",
    replace: "params: params.reason ?? getSdkError('USER_REJECTED'),",
    test: ERRORS,
    name: 'USER_DISCONNECTED reaches the peer on disconnect, and fails its open requests',
  },
  {
    rule: "USER_DISCONNECTED fails the peer's open requests",
    file: 'engine/session/disconnect.ts',
    find: "await deleteSession(ctx, { topic, id: payload.id, reason: getSdkError('USER_DISCONNECTED') })",
    replace: "await deleteSession(ctx, { topic, id: payload.id, reason: getSdkError('USER_REJECTED') })",
    test: ERRORS,
    name: 'USER_DISCONNECTED reaches the peer on disconnect, and fails its open requests',
  },
  {
    rule: 'verify: UNKNOWN with no verify service',
    file: 'engine/verify/resolve.ts',
    find: "validation: 'UNKNOWN', origin: metadata.url",
    replace: "validation: 'VALID', origin: metadata.url",
    test: VERIFY,
    name: 'with no verify service configured, validation is UNKNOWN and nothing is fetched',
  },
  {
    rule: 'verify: VALID only for the claimed origin',
    file: 'engine/verify/resolve.ts',
    find: "claimed !== undefined && answer.origin === claimed ? 'VALID' : 'INVALID'",
    replace: "'VALID'",
    test: VERIFY,
    name: 'ROLE-02 ROLE-03 VALID when the service vouches for the claimed origin, INVALID otherwise, UNKNOWN with no answer, isScam passed on',
  },
  {
    rule: 'verify: isScam passed on',
    file: 'engine/verify/resolve.ts',
    find: '    if (answer.isScam !== undefined) context.verified.isScam = answer.isScam\n',
    replace: '\n',
    test: VERIFY,
    name: 'ROLE-02 ROLE-03 VALID when the service vouches for the claimed origin, INVALID otherwise, UNKNOWN with no answer, isScam passed on',
  },
  {
    rule: 'verify: a failing service leaves UNKNOWN',
    file: 'engine/verify/resolve.ts',
    find: '    params.onError(error)\n',
    replace: "    params.onError(error)\n    context.verified.validation = 'INVALID'\n",
    test: VERIFY,
    name: 'ROLE-02 ROLE-03 VALID when the service vouches for the claimed origin, INVALID otherwise, UNKNOWN with no answer, isScam passed on',
  },
  {
    rule: 'verify: an attestation counts only for the message it names',
    file: 'engine/verify/http.ts',
    find: '      if (claimsOf(attestationId)?.id !== encryptedId) return undefined\n',
    replace: '',
    test: VERIFY,
    name: 'VALID from an attestation only when it is of this very message, signed by the verify server and unexpired',
  },
  {
    rule: "verify: an attestation counts only signed by the verify server's key",
    file: 'engine/verify/http.ts',
    find: 'AttestationSchema.safeParse(await verifyEs256Jwt(token, jwk))',
    replace: 'AttestationSchema.safeParse(decodeJwtPayload(token))',
    test: VERIFY,
    name: 'VALID from an attestation only when it is of this very message, signed by the verify server and unexpired',
  },
  {
    rule: 'verify: an expired attestation does not count',
    file: 'engine/verify/http.ts',
    find: 'parsed.success && parsed.data.exp * 1000 >= now()',
    replace: 'parsed.success',
    test: VERIFY,
    name: 'VALID from an attestation only when it is of this very message, signed by the verify server and unexpired',
  },
]

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function occurrences(text, find) {
  return text.split(find).length - 1
}

/** The layers the conformance tests import, the tests and their support, and the configuration. */
const WORKSPACE_PATHS = [
  'crypto',
  'storage',
  'relay',
  'engine',
  'test/conformance',
  'test/engine/support',
  'package.json',
  'tsconfig.json',
  'vitest.config.ts',
]

/** Copies what the tests need into a temporary directory and links node_modules in. */
function makeWorkspace() {
  const directory = mkdtempSync(join(tmpdir(), 'pairwise-mutate-'))
  for (const path of WORKSPACE_PATHS) {
    cpSync(join(root, path), join(directory, path), {
      recursive: true,
      filter: (source) => !relative(root, source).split('/').includes('node_modules'),
    })
  }
  symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'), 'dir')
  return directory
}

/** The vitest run under way, so that Ctrl-C can stop it before the workspace is removed. */
let running

/** Runs one vitest file (optionally one test by name) in the workspace; resolves with the counts. */
async function runVitest(workspace, testFile, name) {
  const report = join(workspace, '.mutation-report.json')
  rmSync(report, { force: true })
  const args = [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    testFile,
    '--reporter=json',
    `--outputFile=${report}`,
    '--testTimeout=10000',
  ]
  if (name) args.push('-t', `${escapeRegExp(name)}$`)
  const child = spawn(process.execPath, args, { cwd: workspace, stdio: ['ignore', 'ignore', 'pipe'] })
  running = child
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-500)
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 180_000)
  const status = await new Promise((done) => child.once('close', (code, signal) => done(code ?? signal)))
  clearTimeout(timer)
  running = undefined
  let result
  try {
    result = JSON.parse(readFileSync(report, 'utf8'))
  } catch {
    return { failed: 0, passed: 0, error: `no report (exit ${status}): ${stderr}` }
  }
  return { failed: result.numFailedTests, passed: result.numPassedTests, error: undefined }
}

async function main() {
  const argv = process.argv.slice(2)
  const words = argv.filter((arg) => !arg.startsWith('--'))
  const selected = mutations.filter(
    (mutation) => words.length === 0 || words.some((word) => mutation.rule.includes(word)),
  )
  if (argv.includes('--list')) {
    let stale = 0
    for (const mutation of selected) {
      const count = occurrences(readFileSync(join(root, mutation.file), 'utf8'), mutation.find)
      if (count !== 1) stale++
      const state = count === 1 ? '' : `  STALE: source text found ${count} times`
      console.log(`${mutation.rule}${state}\n  ${mutation.file} → ${mutation.test} > ${mutation.name}`)
    }
    return stale === 0 ? 0 : 1
  }

  const workspace = makeWorkspace()
  const cleanUp = () => rmSync(workspace, { recursive: true, force: true })
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      running?.kill('SIGKILL')
      cleanUp()
      process.exit(130)
    })
  }
  try {
    const testFiles = [...new Set(selected.map((mutation) => mutation.test))]
    console.log(`baseline: ${testFiles.length} conformance files, unmutated`)
    for (const testFile of testFiles) {
      const baseline = await runVitest(workspace, testFile)
      if (baseline.error || baseline.failed > 0) {
        console.error(`baseline fails in ${testFile}: ${baseline.error ?? `${baseline.failed} failed`}`)
        return 2
      }
    }

    const rows = []
    for (const mutation of selected) {
      const path = join(workspace, mutation.file)
      const original = readFileSync(path, 'utf8')
      const count = occurrences(original, mutation.find)
      if (count !== 1) {
        rows.push([mutation.rule, `STALE (source text found ${count} times)`])
        console.log(`${rows.at(-1)[1].padEnd(9)} ${mutation.rule}`)
        continue
      }
      const started = Date.now()
      writeFileSync(
        path,
        original.replace(mutation.find, () => mutation.replace),
      )
      let outcome
      try {
        outcome = await runVitest(workspace, mutation.test, mutation.name)
      } finally {
        writeFileSync(path, original)
      }
      const verdict = outcome.error
        ? `ERROR ${outcome.error}`
        : outcome.failed > 0
          ? 'killed'
          : outcome.passed > 0
            ? 'SURVIVED'
            : 'ERROR (no test matched)'
      rows.push([mutation.rule, verdict])
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      console.log(
        `${verdict.padEnd(9)} ${mutation.rule}  (${mutation.test.split('/').at(-1)} > ${mutation.name}, ${seconds} s)`,
      )
    }

    const width = Math.max(...rows.map(([rule]) => rule.length))
    console.log(`\n${'rule'.padEnd(width)}  result`)
    for (const [rule, verdict] of rows) console.log(`${rule.padEnd(width)}  ${verdict}`)
    const killed = rows.filter(([, verdict]) => verdict === 'killed').length
    console.log(`\n${killed} of ${rows.length} mutations killed`)
    return killed === rows.length ? 0 : 1
  } finally {
    cleanUp()
  }
}

process.exitCode = await main()
