import { accountTypes, frameEvents } from '@pairwise/engine/frame'
import * as z from 'zod/mini'
import type { KeyValue } from '../core/ports.js'
import { frameCacheKeys } from './frameCacheKeys.js'

export type AccountType = (typeof accountTypes)[number]

const accountType = z.enum(accountTypes)
/**
 * The wire's email: the frame answers and the login sends no other, so a cached value that fails it was
 * written by someone else and is not shown as the wallet's email.
 */
const email = frameEvents.CONNECT_EMAIL[0].shape.email

/**
 * What the host remembers of the embedded wallet between page loads. It holds no secret (research §1.2:
 * no session token, share or code ever reaches the host); page scripts can write it, so reads are checked.
 */
export class FrameCache {
  readonly #memory: KeyValue

  constructor(memory: KeyValue) {
    this.#memory = memory
  }

  /** FRAME-01: whether the frame is worth loading at start. */
  loginUsed(): boolean {
    return this.#memory.getItem(frameCacheKeys.emailLoginUsed) === 'true'
  }

  /** Shown on Account as the wallet's email and where the change's first code goes (EMAIL-08, EMAIL-07). */
  email(): string | undefined {
    const parsed = email.safeParse(this.#memory.getItem(frameCacheKeys.email))
    return parsed.success ? parsed.data : undefined
  }

  lastUsedChain(): string | undefined {
    return this.#memory.getItem(frameCacheKeys.lastUsedChain) ?? undefined
  }

  lastEmailLoginTime(): number | undefined {
    const value = Number(this.#memory.getItem(frameCacheKeys.lastEmailLoginTime) ?? Number.NaN)
    return Number.isFinite(value) ? value : undefined
  }

  preferredAccountType(): AccountType | undefined {
    const parsed = accountType.safeParse(this.#memory.getItem(frameCacheKeys.preferredAccountType))
    return parsed.success ? parsed.data : undefined
  }

  setLogin(email: string | undefined): void {
    this.#memory.setItem(frameCacheKeys.emailLoginUsed, 'true')
    if (email !== undefined) this.#memory.setItem(frameCacheKeys.email, email)
  }

  setEmail(email: string): void {
    this.#memory.setItem(frameCacheKeys.email, email)
  }

  setLastUsedChain(chainId: number | string): void {
    this.#memory.setItem(frameCacheKeys.lastUsedChain, String(chainId))
  }

  setLastEmailLoginTime(at: number): void {
    this.#memory.setItem(frameCacheKeys.lastEmailLoginTime, String(at))
  }

  setPreferredAccountType(type: AccountType): void {
    this.#memory.setItem(frameCacheKeys.preferredAccountType, type)
  }

  /** FRAME-09. The last send time stays: signing out must not reset the email throttle (EMAIL-10). */
  clearLogin(): void {
    this.#memory.removeItem(frameCacheKeys.emailLoginUsed)
    this.#memory.removeItem(frameCacheKeys.email)
    this.#memory.removeItem(frameCacheKeys.lastUsedChain)
    this.#memory.removeItem(frameCacheKeys.preferredAccountType)
  }
}
