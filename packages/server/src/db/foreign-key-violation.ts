/**
 * A foreign-key violation, as every dialect throws it: a write named a row that another request deleted after this
 * one had checked it (an account deleted while a team registration naming it runs, R18.12). `cause` is the driver's
 * own error. The HTTP layer answers it 409 CONFLICT: sent again, the request is refused for the missing row by name.
 */
export class ForeignKeyViolationError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'ForeignKeyViolationError';
  }
}
