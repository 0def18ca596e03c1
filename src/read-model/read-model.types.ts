/**
 * What the read model needs from its callers: plain search filters and the
 * stored fields of a row just written. Feature DTOs and entities satisfy
 * these shapes; the read model imports neither.
 */

/** A search page request (docs/api.md#pagination): zero-based `page`, `per_page` results. */
export interface PageRequest {
  readonly page: number;
  readonly per_page: number;
}

/** `GET /accounts/search` filters (docs/api.md#routes-accounts): `q` a name substring; `team` 0 for "no team". */
export interface AccountSearchFilter extends PageRequest {
  readonly q?: string;
  readonly team?: number;
}

/** `GET /teams/search` filters (docs/api.md#routes-teams): `q` a name substring. */
export interface TeamSearchFilter extends PageRequest {
  readonly q?: string;
}

/** An account row as stored (id canonical decimal; times in Unix seconds). */
export interface AccountFields {
  readonly id: string;
  readonly name: string;
  readonly discriminator: string;
  readonly avatarUrl: string | null;
  readonly teamId: number | null;
  readonly permissions: number;
  readonly createdAt: number;
}

/** A team row as stored. */
export interface TeamFields {
  readonly id: number;
  readonly name: string;
  readonly createdAt: number;
}

/** An award row as stored. */
export interface AwardFields {
  readonly id: number;
  readonly title: string;
  readonly imageUrl: string;
  readonly teamId: number | null;
  readonly createdAt: number;
}
