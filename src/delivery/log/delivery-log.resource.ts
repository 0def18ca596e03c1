import { withoutUserInfo } from '../../callbacks/callback-url.js';
import type { Page } from '../../http/pagination.js';
import type { AppDeliveryRow } from '../../read-model/delivery-log.reader.js';
import type { DeliveryStatus } from '../delivery-status.js';

/** The Delivery object of docs/api.md#delivery-log: what an app sees of one delivery to its callback. Times in seconds. */
export interface DeliveryResource {
  /** The delivery's id, as a string. */
  id: string;
  webhook_id: string;
  /** `account_team_update`, or `ping` for a test delivery. */
  event: string;
  status: DeliveryStatus;
  /** Attempts made so far, every round together. */
  attempts: number;
  created_at: number;
  last_attempt_at: number | null;
  /** `null` unless pending. */
  next_attempt_at: number | null;
  last_response_status: number | null;
  last_error: string | null;
  url: string | null;
}

/**
 * Builds the Delivery object from a row of the log: the one builder of the
 * apps' log (API) and the operators' `deliveries list` (CLI), so both show the
 * same id (a string), `attempts` (every round), `status` and `url` (the one it
 * was, or is to be, sent to, without user info) (docs/api.md#delivery-log).
 */
export function toDeliveryResource(row: AppDeliveryRow): DeliveryResource {
  return {
    id: String(row.id),
    webhook_id: row.webhookId,
    event: row.type,
    status: row.status as DeliveryStatus,
    attempts: row.totalAttempts,
    created_at: row.createdAt,
    last_attempt_at: row.lastAttemptAt,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt : null,
    last_response_status: row.lastStatus,
    last_error: row.lastError,
    url: row.url === null ? null : withoutUserInfo(row.url),
  };
}

/**
 * A page of the delivery log (docs/api.md#delivery-log): the page of every
 * paginated route (docs/api.md#pagination), with `page` `null` when the page
 * was asked for by cursor (`starting_after`), and `has_more`: whether
 * deliveries follow the last of `data` (ask for them with `starting_after`
 * set to its id).
 */
export interface DeliveryPage extends Omit<Page<DeliveryResource>, 'page'> {
  page: number | null;
  has_more: boolean;
}

/** One attempt of the attempt log (docs/api.md#delivery-log). */
export interface DeliveryAttemptResource {
  /** 1, 2, ... over every round. */
  attempt: number;
  at: number;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  /** The first 1,024 characters of the answer's body, as text. */
  response_body: string | null;
}

/** `GET /callback/{event}/deliveries/{id}`: the Delivery object, the body sent and the attempt log. */
export interface DeliveryDetailsResource extends DeliveryResource {
  payload: unknown;
  attempt_log: DeliveryAttemptResource[];
}

/** `POST /callback/{event}/recover`'s answer: how many failed deliveries go out again. */
export interface RecoverResource {
  redelivered: number;
}
