import { SetMetadata } from '@nestjs/common';

/** Metadata key of {@link ReplicaRead}. */
export const REPLICA_READ = 'database:replica-read';

/**
 * Marks a public route that only reads: requested without credentials
 * (`GET`/`HEAD`, no `Authorization` header), its reads may be answered by a
 * read replica within `REPLICA_MAX_LAG` of the primary (docs/api.md#scaling). With
 * credentials it reads the primary, so a caller always sees its own writes.
 */
export const ReplicaRead = (): MethodDecorator => SetMetadata(REPLICA_READ, true);
