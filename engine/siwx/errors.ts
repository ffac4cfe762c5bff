/** A sign-in message that cannot be built or read, or that says something other than its data; `field` names where. */
export class SiwxMessageError extends Error {
  readonly field?: string

  constructor(message: string, field?: string) {
    super(message)
    this.name = 'SiwxMessageError'
    this.field = field
  }
}
