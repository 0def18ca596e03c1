/** Metadata key of `IdempotentWrite` (idempotent-write.decorator.ts): its options, read by `IdempotencyInterceptor`. */
export const IDEMPOTENT_WRITE = 'idempotency:write';

/** The answer a route gives for the result of its write transaction. */
export interface IdempotentAnswer {
  status: number;
  /** The JSON body; none when `undefined`. */
  body?: unknown;
}

/** How a route's answer follows from what its write transaction returned. */
export interface IdempotentWriteOptions {
  /** Default: the route's status (`@HttpCode`, else 201 for POST and 200 otherwise) with the result as the body. */
  answer?: (result: never) => IdempotentAnswer;
}
