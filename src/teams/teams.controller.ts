import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { Authenticated, Public } from '../common/authenticated.decorator.js';
import { CurrentPrincipal } from '../common/current-principal.decorator.js';
import type { Principal } from '../common/principal.js';
import { SerialIdPipe } from '../http/id-param.pipe.js';
import { IdempotentWrite } from '../idempotency/idempotent-write.decorator.js';
import type { Page } from '../http/pagination.js';
import { ApiErrors, ApiSuccess } from '../openapi/api-responses.decorator.js';
import { TeamPageSchema } from '../read-model/schemas/team-page.schema.js';
import { TeamSchema } from '../read-model/schemas/team.schema.js';
import { Permission } from '../permissions/permission.js';
import type { TeamResource } from '../read-model/resources.js';
import { CreateTeamDto } from './dto/create-team.dto.js';
import { SearchTeamsQuery } from './dto/search-teams.query.js';
import { UpdateTeamDto } from './dto/update-team.dto.js';
import { TeamsService } from './teams.service.js';
import { ReplicaRead } from '../database/replicas/replica-read.decorator.js';

const TeamId = () => Param('team', new SerialIdPipe('Team'));

/** Team endpoints of docs/api.md#routes-teams. */
@ApiTags('teams')
@Controller()
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @ApiOperation({
    summary: 'Create a team',
    description: 'Needs `manage_teams`. Creates a team with a name; it starts with no members and no awards.',
  })
  @ApiSuccess(201, TeamSchema)
  @ApiErrors([422])
  @Post('teams/new')
  @HttpCode(201)
  @IdempotentWrite()
  @Authenticated({ permission: Permission.ManageTeams })
  create(@Body() body: CreateTeamDto): Promise<TeamResource> {
    return this.teams.create(body.name);
  }

  @ApiOperation({
    summary: 'Search teams by name, a page at a time',
    description: 'Public. Teams whose name matches `q`, ordered by name then id, one page at a time (`page`, `per_page`).',
  })
  @ApiSuccess(200, TeamPageSchema)
  @ApiErrors([422])
  @Get('teams/search')
  @ReplicaRead()
  @Public()
  search(@Query() query: SearchTeamsQuery): Promise<Page<TeamResource>> {
    return this.teams.search(query);
  }

  @ApiOperation({ summary: 'Get a team', description: 'Public. One team with its member count and awards; 422 when it does not exist.' })
  @ApiSuccess(200, TeamSchema)
  @ApiErrors([422], { 422: 'Invalid id, or no such team.' })
  @Get('team/:team')
  @ReplicaRead()
  @Public()
  get(@TeamId() id: number): Promise<TeamResource> {
    return this.teams.get(id);
  }

  @ApiOperation({
    summary: 'Rename a team (manage_teams, or manage_own_team as a member)',
    description:
      'Renames the team: needs `manage_teams`, or `manage_own_team` as one of its members. Renaming sends no event. 422 when it does not exist.',
  })
  @ApiSuccess(200, TeamSchema)
  @ApiErrors([422])
  @Patch('team/:team')
  @Authenticated()
  @IdempotentWrite()
  update(@TeamId() id: number, @Body() body: UpdateTeamDto, @CurrentPrincipal() caller: Principal): Promise<TeamResource> {
    return this.teams.update(caller, id, body.name);
  }

  @ApiOperation({
    summary: 'Delete a team; its members and awards are left without a team',
    description:
      'Deletes the team (same permissions as renaming it). Its members are left without a team, each with an `account_team_update` event, and its awards without a team.',
  })
  @ApiSuccess(204)
  @ApiErrors([422], { 422: 'Invalid id, or no such team.' })
  @Delete('team/:team')
  @HttpCode(204)
  @Authenticated()
  async delete(@TeamId() id: number, @CurrentPrincipal() caller: Principal): Promise<void> {
    await this.teams.delete(caller, id);
  }
}
