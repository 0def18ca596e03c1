/** The objects the API returns, exactly as docs/api.md#objects lists their fields. */

/** An award. */
export interface AwardResource {
  id: number;
  title: string;
  image_url: string;
}

/** A team, with its member count and the awards given to it. */
export interface TeamResource {
  id: number;
  name: string;
  created_at: number;
  member_count: number;
  awards: AwardResource[];
}

/** An account; `id` is the unsigned 64-bit id as a string. */
export interface AccountResource {
  id: string;
  name: string;
  discriminator: string;
  avatar_url: string | null;
  team: TeamResource | null;
  permissions: number;
  created_at: number;
  awards: AwardResource[];
}

/** `GET /award/{award}`: the award, the accounts holding it and its team (docs/api.md#objects). */
export interface AwardDetailsResource {
  award: AwardResource;
  awardees: AccountResource[];
  team: TeamResource | null;
}
